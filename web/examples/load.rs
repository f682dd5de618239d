//! A bounded load test of the web server on loopback: the server runs in
//! this process (its default configuration), 50 clients (tokio tasks,
//! each on one kept-alive connection, HTTP/1.1 written by hand) ask for
//! 30 s: 40 of them legal moves (`GET /api/position` of a few positions
//! of Terni Lapilli, Nine Men's Morris, Petteia and Tapatan), 10 of them
//! 100 ms engine moves (`POST /api/ai` with `engine:100`). It prints the
//! requests per second and the p50 and p99 latencies per route, and the
//! process's peak memory (`VmHWM`).
//!
//! ```sh
//! cargo run --release -p lapilli-web --example load [-- SECONDS CLIENTS]
//! ```

use lapilli_registry::{FamilyVisitor, Registry};
use lapilli_web::{router, Config};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

struct Games;
impl Registry for Games {
    fn families<F: FamilyVisitor>(f: &mut F) {
        f.family(&lapilli_terni_lapilli::descriptor::Games);
        f.family(&lapilli_morris::descriptor::Games);
        f.family(&lapilli_petteia::descriptor::Games);
    }
}

/// The legal-move requests, asked in turn.
const POSITIONS: [&str; 6] = [
    "/api/position?game=terni-lapilli",
    "/api/position?game=terni-lapilli&moves=0+4+1",
    "/api/position?game=tapatan&moves=a1+b2",
    "/api/position?game=nine-mens-morris",
    "/api/position?game=nine-mens-morris&moves=d7+a1+d6+g1",
    "/api/position?game=petteia",
];
/// The engine-move bodies, asked in turn.
const AI: [&str; 3] = [
    r#"{"game":"terni-lapilli","moves":"0","side":"engine:100"}"#,
    r#"{"game":"nine-mens-morris","moves":"d7 a1","side":"engine:100"}"#,
    r#"{"game":"petteia","side":"engine:100"}"#,
];

/// One request on `stream`: its status and latency.
async fn request(stream: &mut TcpStream, head: &str, body: &str, buf: &mut Vec<u8>) -> std::io::Result<u16> {
    stream.write_all(format!("{head}Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes()).await?;
    buf.clear();
    let mut chunk = [0u8; 16 << 10];
    loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&buf[..end]).to_ascii_lowercase();
            let status: u16 = head.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(0);
            while buf.len() < end + 4 + length {
                let n = stream.read(&mut chunk).await?;
                if n == 0 {
                    return Err(std::io::ErrorKind::UnexpectedEof.into());
                }
                buf.extend_from_slice(&chunk[..n]);
            }
            return Ok(status);
        }
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

/// One client: its route's latencies and its failures.
async fn client(
    addr: std::net::SocketAddr,
    engine: bool,
    index: usize,
    until: Instant,
) -> (Vec<Duration>, u64) {
    let mut latencies = Vec::new();
    let mut failures = 0;
    let mut buf = Vec::new();
    let Ok(mut stream) = TcpStream::connect(addr).await else { return (latencies, 1) };
    let mut i = index;
    while Instant::now() < until {
        let (head, body) = if engine {
            let head =
                "POST /api/ai HTTP/1.1\r\nHost: load\r\nContent-Type: application/json\r\n".to_string();
            (head, AI[i % AI.len()])
        } else {
            (format!("GET {} HTTP/1.1\r\nHost: load\r\n", POSITIONS[i % POSITIONS.len()]), "")
        };
        i += 1;
        let t = Instant::now();
        match request(&mut stream, &head, body, &mut buf).await {
            Ok(200) => latencies.push(t.elapsed()),
            Ok(_) => failures += 1,
            Err(_) => {
                failures += 1;
                match TcpStream::connect(addr).await {
                    Ok(s) => stream = s,
                    Err(_) => return (latencies, failures),
                }
            }
        }
    }
    (latencies, failures)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1e3
}

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let seconds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(30);
    let clients: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let engines = clients / 5;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        let config = Config::default();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        tokio::spawn(async move { axum::serve(listener, router::<Games>(&config)).await });
        println!(
            "load: {clients} clients ({} legal moves, {engines} engine moves of 100 ms) for {seconds} s on {addr}, \
             {} engine jobs",
            clients - engines,
            Config::default().engine_jobs
        );
        let started = Instant::now();
        let until = started + Duration::from_secs(seconds);
        let tasks: Vec<_> = (0..clients).map(|i| tokio::spawn(client(addr, i < engines, i, until))).collect();
        let mut routes = [(Vec::new(), 0u64), (Vec::new(), 0u64)];
        for (i, task) in tasks.into_iter().enumerate() {
            let (latencies, failures) = task.await.unwrap_or_default();
            let route = &mut routes[usize::from(i < engines)];
            route.0.extend(latencies);
            route.1 += failures;
        }
        let elapsed = started.elapsed().as_secs_f64();
        println!("| route | requests | per second | p50 ms | p99 ms | failures |");
        println!("|---|---|---|---|---|---|");
        let mut total = 0;
        for ((latencies, failures), name) in routes.iter_mut().zip(["GET /api/position", "POST /api/ai engine:100"]) {
            latencies.sort();
            total += latencies.len();
            println!(
                "| `{name}` | {} | {:.1} | {:.2} | {:.2} | {failures} |",
                latencies.len(),
                latencies.len() as f64 / elapsed,
                percentile(latencies, 0.5),
                percentile(latencies, 0.99)
            );
        }
        println!("all: {total} requests in {elapsed:.1} s, {:.1} per second", total as f64 / elapsed);
        match lapilli_game::alloc::peak_memory_bytes() {
            Some(b) => println!("peak memory (VmHWM): {:.1} MiB", b as f64 / (1 << 20) as f64),
            None => println!("peak memory: not reported by this system"),
        }
        Ok(())
    })
}
