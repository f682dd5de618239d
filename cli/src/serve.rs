//! `lapilli serve`: the web page and its JSON API ([`lapilli_web`]).

use crate::error::{CliError, Kind};
use crate::{Games, Result};
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

/// `lapilli serve` with its options.
pub struct Serve<'o> {
    /// The port.
    pub port: u16,
    /// The address to listen on.
    pub bind: IpAddr,
    /// A folder of tier tablebases.
    pub tablebase: Option<PathBuf>,
    /// Open the page in a browser.
    pub open: bool,
    /// Where the address is printed.
    pub out: &'o mut dyn Write,
}

impl Serve<'_> {
    /// Serves until the process is stopped, printing the page's address
    /// once it listens.
    ///
    /// # Errors
    /// Kind `io` when the address cannot be bound (a port in use) or
    /// serving fails.
    pub fn run(self) -> Result<()> {
        let config = lapilli_web::Config { tablebase: self.tablebase, ..lapilli_web::Config::default() };
        let addr = SocketAddr::new(self.bind, self.port);
        let out = self.out;
        let open = self.open;
        lapilli_web::run::<Games>(&config, addr, |bound| {
            let url = format!("http://{bound}/");
            let _ = writeln!(out, "lapilli serve: the page is at {url} (Ctrl-C stops the server)");
            let _ = out.flush();
            if open {
                match std::process::Command::new("xdg-open").arg(&url).spawn() {
                    Ok(_) => {}
                    Err(e) => eprintln!("--open: could not start xdg-open ({e}); open {url} yourself"),
                }
            }
        })
        .map_err(|e| CliError::new(Kind::Io, format!("serve on {addr}: {e}")))
    }
}
