//! The GUI under test: `tessera gui` on a free port, raw HTTP requests to it (raw, so
//! that malformed requests and foreign `Host`/`Origin` headers can be sent as a browser
//! or an attacker would), and headless Chromium driven over WebDriver by chromedriver.

#![allow(dead_code)] // each test file uses a different part of these helpers

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the page may take to reach an expected state; generous for loaded machines.
pub const PATIENCE: Duration = Duration::from_secs(90);

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A running `tessera gui`.
pub struct Gui {
    child: Child,
    pub port: u16,
}

impl Gui {
    /// Starts `tessera gui --port 0` with `args` and reads the port from the URL it prints.
    pub fn start(args: &[&str]) -> Gui {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
            .args(["gui", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("tessera gui starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped stdout"))
            .read_line(&mut line)
            .expect("tessera gui prints its URL");
        let port = line
            .trim()
            .trim_end_matches('/')
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no URL in '{line}'"));
        Gui { child, port }
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// A request with the server's own `Host` and the given extra header lines.
    pub fn request(&self, method: &str, path: &str, headers: &[&str], body: &str) -> (u16, String) {
        let host = format!("Host: 127.0.0.1:{}", self.port);
        let mut all = vec![host.as_str()];
        all.extend_from_slice(headers);
        let head = format!(
            "{method} {path} HTTP/1.1\r\nConnection: close\r\n{}\r\n",
            lines(&all, body)
        );
        raw(self.port, &format!("{head}{body}"))
    }

    /// A JSON POST with the server's own `Host`.
    pub fn post(&self, path: &str, body: &str) -> (u16, String) {
        self.request("POST", path, &["Content-Type: application/json"], body)
    }
}

fn lines(headers: &[&str], body: &str) -> String {
    let mut text = String::new();
    for h in headers {
        text.push_str(h);
        text.push_str("\r\n");
    }
    if !body.is_empty() {
        text.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    text
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends `text` as it is to `port` and returns the status and body of the answer.
pub fn raw(port: u16, text: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("the server accepts");
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    stream
        .write_all(text.as_bytes())
        .expect("the request is sent");
    let answer = read_answer(&mut stream);
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no answer to {text:?}: {answer:?}"));
    let head = String::from_utf8_lossy(&answer[..split]).to_ascii_lowercase();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in '{head}'"));
    let rest = &answer[split + 4..];
    let body = if head.contains("transfer-encoding: chunked") {
        dechunk(rest)
    } else {
        rest.to_vec()
    };
    (status, String::from_utf8_lossy(&body).into_owned())
}

/// The bytes of one answer: up to its `Content-Length`, its last chunk, or the end of
/// the connection (chromedriver keeps a connection open after `Connection: close`).
fn read_answer(stream: &mut TcpStream) -> Vec<u8> {
    let mut answer = Vec::new();
    let mut buffer = [0u8; 16 * 1024];
    loop {
        let read = stream.read(&mut buffer).unwrap_or(0);
        answer.extend_from_slice(&buffer[..read]);
        if read == 0 || is_complete(&answer) {
            return answer;
        }
    }
}

fn is_complete(answer: &[u8]) -> bool {
    let Some(split) = answer.windows(4).position(|w| w == b"\r\n\r\n") else {
        return false;
    };
    let head = String::from_utf8_lossy(&answer[..split]).to_ascii_lowercase();
    let body = &answer[split + 4..];
    if head.contains("transfer-encoding: chunked") {
        return body.ends_with(b"0\r\n\r\n");
    }
    head.lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|n| n.trim().parse::<usize>().ok())
        .is_some_and(|length| body.len() >= length)
}

/// The body of a chunked answer: hexadecimal sizes, each followed by that many bytes.
fn dechunk(mut bytes: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    while let Some(end) = bytes.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&bytes[..end])
            .ok()
            .and_then(|s| usize::from_str_radix(s.trim(), 16).ok())
            .expect("a chunk size");
        if size == 0 {
            break;
        }
        let data = &bytes[end + 2..];
        body.extend_from_slice(&data[..size]);
        bytes = &data[(size + 2).min(data.len())..];
    }
    body
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// A JSON request to chromedriver; an error answer fails the test with its message.
fn webdriver(port: u16, method: &str, path: &str, body: &Value) -> Value {
    let text = if method == "GET" || method == "DELETE" {
        String::new()
    } else {
        body.to_string()
    };
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        text.len()
    );
    let (status, answer) = raw(port, &format!("{head}{text}"));
    let value: Value = serde_json::from_str(&answer)
        .unwrap_or_else(|e| panic!("chromedriver answered {status} with no JSON ({e}): {answer}"));
    assert!(status == 200, "WebDriver {method} {path}: {status} {value}");
    value["value"].clone()
}

/// Headless Chromium with one WebDriver session.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    profile: TempDir,
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Browser {
    /// Starts chromedriver and a headless Chromium of `width`×`height`; a missing
    /// browser fails with one line saying how to install it.
    pub fn start(width: u32, height: u32) -> Browser {
        for program in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                std::path::Path::new(program).exists(),
                "{program} is missing: install headless Chromium with `apt-get install chromium chromium-driver`"
            );
        }
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let deadline = Instant::now() + PATIENCE;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile =
            std::env::temp_dir().join(format!("tessera-gui-test-{}-{port}", std::process::id()));
        let args = vec![
            "--headless".to_string(),
            "--no-sandbox".to_string(),
            "--disable-gpu".to_string(),
            "--disable-quic".to_string(),
            "--no-first-run".to_string(),
            "--disable-background-networking".to_string(),
            "--disable-component-update".to_string(),
            "--disable-sync".to_string(),
            "--disable-dev-shm-usage".to_string(),
            format!("--window-size={width},{height}"),
            format!("--user-data-dir={}", profile.display()),
        ];
        let prefs = json!({
            "download.default_directory": profile.join("downloads"),
            "download.prompt_for_download": false,
        });
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args, "prefs": prefs}
        }}});
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
            profile: TempDir(profile),
        };
        let session = webdriver(port, "POST", "/session", &capabilities);
        browser.session = session["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        browser
    }

    fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        webdriver(self.port, method, &path, &body)
    }

    pub fn goto(&self, url: &str) {
        self.call("POST", "/url", json!({ "url": url }));
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and returns its value.
    pub fn eval(&self, script: &str, args: Value) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            json!({ "script": script, "args": args }),
        )
    }

    /// Waits until `script` returns true, failing with `what` after [`PATIENCE`].
    pub fn wait_for(&self, what: &str, script: &str) {
        let deadline = Instant::now() + PATIENCE;
        while self.eval(script, json!([])) != json!(true) {
            assert!(Instant::now() < deadline, "the page never showed {what}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn element(&self, css: &str) -> String {
        let found = self.call(
            "POST",
            "/element",
            json!({"using": "css selector", "value": css}),
        );
        found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element '{css}'"))
            .to_string()
    }

    /// Clicks the element `css` names.
    pub fn click(&self, css: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/click"), json!({}));
    }

    /// A real mouse click on the centre of a cell, on whatever is drawn there (a
    /// piece, a mark or the cell itself), as a person clicks.
    pub fn click_cell(&self, cell: &str) {
        let id = self.element(&format!("#cell-{cell}"));
        let origin = json!({"element-6066-11e4-a52e-4f735466cecf": id});
        let actions = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "origin": origin, "x": 0, "y": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0}
            ]
        }]});
        self.call("POST", "/actions", actions);
    }

    /// A person's drag of the piece on cell `from` to cell `to` with the mouse, the
    /// button still down at the end ([`Browser::release`] drops it).
    pub fn drag_cell(&self, from: &str, to: &str) {
        let element = |cell: &str| {
            let id = self.element(&format!("#cell-{cell}"));
            json!({"element-6066-11e4-a52e-4f735466cecf": id})
        };
        let actions = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "origin": element(from), "x": 0, "y": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerMove", "origin": element(to), "x": 0, "y": 0, "duration": 150}
            ]
        }]});
        self.call("POST", "/actions", actions);
    }

    /// Releases the mouse button where the pointer is.
    pub fn release(&self) {
        let actions = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerUp", "button": 0}]
        }]});
        self.call("POST", "/actions", actions);
    }

    /// Where the browser saves downloaded files.
    pub fn downloads(&self) -> std::path::PathBuf {
        self.profile.0.join("downloads")
    }

    /// Chooses the file `path` in the file input `css` names.
    pub fn choose_file(&self, css: &str, path: &std::path::Path) {
        let id = self.element(css);
        let text = path.to_string_lossy();
        self.call(
            "POST",
            &format!("/element/{id}/value"),
            json!({ "text": text }),
        );
    }

    /// Replaces the text of the input `css` names by typing `text`.
    pub fn set_text(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/clear"), json!({}));
        if !text.is_empty() {
            self.call(
                "POST",
                &format!("/element/{id}/value"),
                json!({ "text": text }),
            );
        }
    }

    /// A PNG of the window.
    pub fn screenshot(&self) -> Vec<u8> {
        use base64::Engine as _;
        let data = self.call("GET", "/screenshot", json!({}));
        base64::engine::general_purpose::STANDARD
            .decode(data.as_str().expect("base64 text"))
            .expect("a base64 PNG")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = std::panic::catch_unwind(|| webdriver(self.port, "DELETE", &path, &json!({})));
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
