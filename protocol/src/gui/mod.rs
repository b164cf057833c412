//! `tessera gui`: a local web page served by the binary, to play, watch and replay games
//! of every variant on boards drawn by the SVG renderer, with any seat given to a person
//! or to an engine speaking our protocol.
//!
//! `server` answers HTTP (the page, its assets and a small JSON API), checking every
//! request's size, `Host` and `Origin`; `table` holds the game (the rules crate is the
//! referee, never an engine); `conductor` asks the engines of the seats for their moves
//! through the match runner's engine client; `analysis` runs an analysing engine on the
//! position shown or over the whole game; `moves` lists the legal moves with the cells
//! a click sequence passes through; `assets` are the page's files, compiled in.

mod analysis;
mod assets;
mod conductor;
mod moves;
mod server;
mod table;

use crate::matchrunner::config::{EngineSpec, EngineTokens};
use crate::matchrunner::specs::{engine_spec, key_values};
use server::Hub;
use std::process::ExitCode;
use std::sync::Arc;

/// The limit an engine gets when its `--engine` gives none: one second a move.
const DEFAULT_ENGINE_LIMIT: [(&str, &str); 1] = [("st", "1")];

#[derive(clap::Args, Debug)]
pub struct GuiArgs {
    /// Port to listen on (0: any free port; the URL printed names it).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. Anything but 127.0.0.1 lets other machines play on this one.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the system's browser (xdg-open).
    #[arg(long)]
    pub open: bool,
    #[command(flatten)]
    pub engines: EngineTokens,
}

/// The engines the page offers: those of `--engine` (their tc/st/depth/nodes are their
/// default limit on the page), or Tessera itself when none is given.
fn engine_specs(tokens: &EngineTokens) -> Result<Vec<EngineSpec>, String> {
    let defaults: Vec<(String, String)> = DEFAULT_ENGINE_LIMIT
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    if tokens.0.is_empty() {
        let me = std::env::current_exe().map_err(|e| format!("cannot find tessera itself: {e}"))?;
        let own = vec![
            ("cmd".to_string(), me.to_string_lossy().into_owned()),
            ("name".to_string(), "Tessera".to_string()),
        ];
        return engine_spec(&defaults, &own, "tessera")
            .map(|spec| vec![spec])
            .map_err(|e| e.to_string());
    }
    tokens
        .0
        .iter()
        .enumerate()
        .map(|(i, tokens)| {
            let what = format!("--engine #{}", i + 1);
            let own = key_values(tokens, &what).map_err(|e| e.to_string())?;
            let has_limit = own
                .iter()
                .any(|(k, _)| matches!(k.as_str(), "tc" | "st" | "depth" | "nodes"));
            let each: &[(String, String)] = if has_limit { &[] } else { &defaults };
            engine_spec(each, &own, &what).map_err(|e| e.to_string())
        })
        .collect()
}

/// The server on `host:port`, its connections without Nagle's algorithm: an answer
/// larger than one TCP segment (a state with its picture is about 64 KiB) would otherwise
/// keep its last part back until the page's delayed acknowledgement of the first, 40 ms
/// later on a kept-alive connection. Linux gives accepted connections the listener's
/// `TCP_NODELAY`.
fn listen(host: &str, port: u16) -> Result<tiny_http::Server, String> {
    use socket2::{Domain, Protocol, Socket, Type};
    use std::net::ToSocketAddrs;
    let address = (host, port)
        .to_socket_addrs()
        .map_err(|e| e.to_string())?
        .next()
        .ok_or_else(|| format!("'{host}' names no address"))?;
    let socket = Socket::new(
        Domain::for_address(address),
        Type::STREAM,
        Some(Protocol::TCP),
    )
    .map_err(|e| e.to_string())?;
    socket.set_reuse_address(true).map_err(|e| e.to_string())?;
    socket.set_nodelay(true).map_err(|e| e.to_string())?;
    socket.bind(&address.into()).map_err(|e| e.to_string())?;
    socket.listen(128).map_err(|e| e.to_string())?;
    tiny_http::Server::from_listener(std::net::TcpListener::from(socket), None)
        .map_err(|e| e.to_string())
}

/// Runs `tessera gui` until the process is stopped.
pub fn run(args: GuiArgs) -> ExitCode {
    let specs = match engine_specs(&args.engines) {
        Ok(specs) => specs,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let http = match listen(&args.host, args.port) {
        Ok(server) => server,
        Err(e) => {
            eprintln!("error: cannot listen on {}:{}: {e}", args.host, args.port);
            return ExitCode::FAILURE;
        }
    };
    let port = http.server_addr().to_ip().map_or(args.port, |a| a.port());
    if args.host != "127.0.0.1" {
        eprintln!(
            "warning: listening on {}: other machines can reach this GUI and play with its engines",
            args.host
        );
    }
    let url = format!("http://127.0.0.1:{port}/");
    println!("tessera gui: open {url}");
    if args.open {
        let _ = std::process::Command::new("xdg-open").arg(&url).spawn();
    }
    let hub = Arc::new(Hub::new(specs, &args.host, port));
    conductor::start(Arc::clone(&hub));
    conductor::start_clock_watch(Arc::clone(&hub));
    analysis::start(Arc::clone(&hub));
    server::serve(&http, &hub);
    ExitCode::SUCCESS
}
