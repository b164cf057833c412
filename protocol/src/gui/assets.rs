//! The page's files, compiled into the binary: the GUI works offline and needs no build
//! step (plain HTML, a JavaScript module and CSS; the pieces are SVG text, no fonts).

/// The content type and bytes of the asset at `path`.
pub fn file(path: &str) -> Option<(&'static str, &'static [u8])> {
    match path {
        "/" | "/index.html" => Some((
            "text/html; charset=utf-8",
            include_bytes!("assets/index.html"),
        )),
        "/app.js" => Some((
            "text/javascript; charset=utf-8",
            include_bytes!("assets/app.js"),
        )),
        "/analysis.js" => Some((
            "text/javascript; charset=utf-8",
            include_bytes!("assets/analysis.js"),
        )),
        "/app.css" => Some(("text/css; charset=utf-8", include_bytes!("assets/app.css"))),
        _ => None,
    }
}
