//! The command line of `lapilli tablebase`: its subcommands, their
//! options and help, and the dispatch to each command's file.

use super::*;
use crate::{on_game, GameArgs};
use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum TablebaseCommand {
    /// Build the movement-phase endgame tables (both hands empty, flying
    /// at three where the rules fly) of every material with 3 to N pieces
    /// a side, or with --whole-game every tier of the game from its
    /// start, each tier after the tiers it leads to, one file per tier
    /// (`<tier>.ltb`, e.g. w3b3.ltb, w3b3x.ltb with a removal pending).
    /// --tier builds one tier alone from its dependencies' files (--chunk
    /// one chunk of it); --workers runs the tiers on several processes,
    /// --mpi on the ranks of an MPI job (a lapilli built with the cargo
    /// feature `mpi`), each tier's first pass split into chunks solved
    /// at once (--chunk-indices).
    ///
    /// Files already in the folder are checked and kept (--rebuild solves
    /// them again). The build locks the folder (a second build is refused,
    /// or waits with --wait) and writes the folder's manifest
    /// (manifest.txt: every tier file with its length and checksum) last.
    /// SIGINT, SIGTERM or SIGHUP stops it: the tier in flight is dropped,
    /// the tiers complete are named, and the exit status is 128 + the
    /// signal's number (130, 143, 129); a second signal stops at once. A
    /// progress bar shows on standard error (not under
    /// --json, nor when standard error is not a terminal). The report
    /// gives per tier its entries, positions (every member of every
    /// symmetry class), classes, wins, losses and draws for the side to
    /// move, the longest distance to mate, the time, the memory estimate
    /// and the rate, then the total time and the process's peak memory.
    Build {
        #[command(flatten)]
        game: GameArgs,
        /// The most pieces a side has (the ranges come from the registry).
        #[arg(
            long,
            value_name = "N",
            help = super::max_pieces_help(),
            required_unless_present_any = ["tier", "whole_game"],
            conflicts_with_all = ["tier", "whole_game"]
        )]
        max_pieces: Option<u8>,
        /// Build every tier of the whole game from its start instead of
        /// the endgame tables: for morris the placement phase and the
        /// movement phase, the tiers `tablebase plan <game>` lists (for
        /// Nine Men's Morris 53.4 G indices, hours on one machine: see the
        /// costed plan). The folder then answers every position of the
        /// game.
        #[arg(long, conflicts_with = "tier")]
        whole_game: bool,
        /// Build this one tier (e.g. w3b3, w3b3x, w2b1h5.6) from the files
        /// of the tiers it leads to, which must be in the folder already
        /// (those missing are named, an error of kind `tablebase`), instead
        /// of a set of endgame tables. Builds of different tiers of one
        /// folder run at once; a second build of the same tier is refused
        /// (or waits with --wait). The tier's file is written through a
        /// temporary name and renamed when whole, and added to the
        /// folder's manifest. `lapilli tablebase plan` lists the tiers.
        #[arg(long, value_name = "NAME")]
        tier: Option<String>,
        /// With --tier, build only the first pass of chunk K of N of the
        /// tier (e.g. 3/16) into its chunk file (`<tier>.K-of-N.ltc`): the
        /// first pass of the solver (every entry's plies generated and
        /// valued out of the tier, most of the work) splits into N index
        /// ranges solved at once; the build of the tier itself (--tier with
        /// the same --chunk-indices) then joins the chunk files (solving
        /// those missing), runs the level pass and removes them.
        #[arg(long, value_name = "K/N", requires = "tier", value_parser = parse_chunk)]
        chunk: Option<lapilli_tablebase::Chunk>,
        /// Split each tier's first pass into chunks of at most this many
        /// indices (--workers and --mpi hand the chunks out as jobs of their
        /// own; --tier solves them in turn); 0 solves every tier whole. A
        /// build of a whole folder in one process solves every tier whole.
        #[arg(long, value_name = "INDICES", default_value_t = DEFAULT_CHUNK_INDICES)]
        chunk_indices: u64,
        /// Run the build on N processes of this program, each building one
        /// tier (`--tier`) as soon as the tiers it leads to are finished,
        /// the ready tier with the longest chain of work after it first.
        /// The files are the ground truth: a tier whose file is in the
        /// folder, whole and listed in its manifest, is not built again, so
        /// the same build run after a crash or a kill redoes only the tiers
        /// that were in flight. --threads is then per process (0: the
        /// cores shared out among them).
        #[arg(long, value_name = "N", conflicts_with = "tier", value_parser = clap::value_parser!(u16).range(1..=256))]
        workers: Option<u16>,
        /// Run the build on the ranks of an MPI job (`mpirun -np K lapilli
        /// tablebase build ... --mpi`): rank 0 schedules the tiers as
        /// --workers does, ranks 1 to K-1 build one tier at a time in
        /// their own process (as --tier --wait), the tier files passing
        /// through the folder, which every rank must see (a shared file
        /// system). With one rank (or outside mpirun) rank 0 builds every
        /// tier itself. Only rank 0 prints. Needs a lapilli built with the
        /// cargo feature `mpi` (an error of kind `option` otherwise).
        #[arg(long, conflicts_with_all = ["tier", "workers"])]
        mpi: bool,
        /// The folder the tables go to (created if missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Worker threads; 0 for one per core.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=1024))]
        threads: u16,
        /// The most memory a tier's build may use, in MiB: a tier whose
        /// working set is larger is refused before it starts (an error of
        /// kind `resources`). No limit by default.
        #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
        memory: Option<u64>,
        /// Solve every tier again, even those whose file is in the folder
        /// (a file of one of its tiers that no reader can take, truncated,
        /// damaged or holding another tier, is removed first and named).
        #[arg(long)]
        rebuild: bool,
        /// Wait for another build of the folder to finish instead of
        /// refusing ("another build is writing DIR", kind `io`).
        #[arg(long)]
        wait: bool,
        /// Append a JSON line to FILE for each tier as it finishes (kept
        /// ones too): the tier's fields of --json ({"tier", "entries",
        /// "positions", ..., "millis", "memory_bytes", "reused"}), "host"
        /// (the machine that solved it), "peak_memory_bytes" (the peak of
        /// the worker that solved it, under --workers) and
        /// "logged_unix_ms". A file that cannot be written stops the
        /// build (kind `io`).
        #[arg(long, value_name = "FILE")]
        log: Option<PathBuf>,
        /// Print one JSON object instead of text; an error is then also
        /// printed as {"error": {"kind": ..., "message": ...}}.
        #[arg(long)]
        json: bool,
    },
    /// The tier graph of a game's tablebases, without building anything:
    /// every tier with its size in indices and the tiers it leads to, the
    /// totals, the largest tiers, and the critical path (the longest chain
    /// of dependencies weighted by indices, which bounds the speed-up of
    /// any number of workers; a tier split into chunks counts as its
    /// largest chunk, --chunk-indices), with that of whole tiers beside.
    ///
    /// By default the whole game from its start (for morris, the
    /// placement phase and the movement phase); --max-pieces N plans the
    /// endgame tables that `tablebase build --max-pieces N` builds.
    /// Sizes come from counting, not from the tables: a plan of the whole
    /// of Nine Men's Morris takes well under a second. Per tier the text
    /// gives its indices, the indices of the longest chain before it can
    /// start (`start`) and of the longest chain from it to the end
    /// (`to end`), and its dependencies.
    Plan {
        #[command(flatten)]
        game: GameArgs,
        /// Plan the endgame tables to N pieces a side instead of the whole
        /// game (3 to the game's pieces).
        #[arg(long, value_name = "N")]
        max_pieces: Option<u8>,
        /// Cost the plan on each of these numbers of machines (e.g.
        /// 1,2,4,8): the scheduler of `build --workers` simulated, one tier
        /// at a time a machine, every index taking the same time at
        /// --rate; with the memory a machine needs (the largest tier's
        /// working set), the files (2 bits of WDL and 1 or 2 bytes of DTM an
        /// index) and the bytes through a shared folder (each file written
        /// once and read once by each tier that depends on it).
        #[arg(long, value_name = "N,...", value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        machines: Vec<u32>,
        /// The indices one machine solves a second, for --machines: by
        /// default 1.55 M, the rate of `tablebase build nine-mens-morris
        /// --max-pieces 5` on a 2-core machine (246 M indices in 159 s).
        #[arg(long, value_name = "INDICES_PER_S", default_value = "1550000", value_parser = parse_rate, requires = "machines")]
        rate: f64,
        /// Plan each tier's first pass in chunks of at most
        /// this many indices, solved at once, as `build --workers` and
        /// `--mpi` do (the same option there); 0 plans every tier whole.
        /// The critical path of whole tiers is given beside.
        #[arg(long, value_name = "INDICES", default_value_t = DEFAULT_CHUNK_INDICES)]
        chunk_indices: u64,
        /// Print one JSON object instead of text: {"game", "variant",
        /// "max_pieces", "tiers": [{"name", "size", "chunks",
        /// "dependencies", "earliest_start", "path_to_end"}...],
        /// "total_indices", "endgame_indices", "largest", "chunk_indices",
        /// "critical_path": {"indices", "share", "tiers"}, "speedup_bound",
        /// "whole_tiers": {"critical_path", "speedup_bound"}}, and with --machines
        /// "cost": [{"machines", "indices_per_second", "seconds",
        /// "one_machine_seconds", "bound_seconds", "utilisation",
        /// "memory_per_machine", "memory_tier", "largest_file", "storage",
        /// "traffic"}...] (bytes; the last three as {"least", "most"}).
        #[arg(long)]
        json: bool,
    },
    /// Report a folder of tables per tier: positions (every member of
    /// every symmetry class), classes, wins, losses and draws for the side
    /// to move, the longest distance to mate and a position with it.
    ///
    /// The game and variant are read from the folder's manifest, else
    /// from the files' headers; every file is checked (header, size,
    /// checksum, and against the manifest: a tier missing, a file it does
    /// not list), so stats also verifies a folder. A folder without a
    /// manifest (a build interrupted, or an older one) is read with a
    /// warning.
    Stats {
        /// The folder of tables.
        dir: PathBuf,
        /// Print one JSON object instead of text: {"game", "variant",
        /// "dir", "tiers": [{"tier", "entries", "positions", "classes",
        /// "win", "loss", "draw", "max_dtm", "example"}...], "totals"}.
        #[arg(long)]
        json: bool,
    },
    /// The value of a position in a folder of tables: win, loss or draw
    /// for the side to move, its distance to mate in plies, the perfect
    /// ply, and the value of every ply.
    ///
    /// The value of each ply is the one it gives the side to move in the
    /// probed position (the mover), with the distance to mate counted in
    /// plies from the probed position, that ply included. The game and
    /// variant are read from the files' headers.
    Probe {
        /// The folder of tables.
        dir: PathBuf,
        /// The position text (see `perft --help`), of the tables' variant.
        #[arg(long)]
        position: String,
        /// Print one JSON object instead of text: {"position",
        /// "side_to_move", "value", "dtm", "best_move", "moves": [{"ply",
        /// "value", "dtm"}...]}.
        #[arg(long)]
        json: bool,
    },
    /// Verify a finished folder of tables one ply deep (Malom's check):
    /// every stored value and distance to mate is derived again from the
    /// stored values of the position's successors, and the two compared.
    ///
    /// For every index of every tier file (or of --tier): a finished
    /// position must hold its outcome; any other position the best of its
    /// plies, one ply further from the end (the fastest win, else a draw,
    /// else the slowest loss; a removal owed after a mill keeps the side
    /// to move), its successors read from the same file or from the files
    /// of the tiers it leads to; an index without a position must be
    /// stored as unused; and each file's header counts must be those of
    /// its entries. The folder is checked first as `stats` checks it
    /// (files of one variant, listed in the manifest, whole: a file that
    /// fails its checksum is an error of kind `tablebase`; with --tier,
    /// the files it reads are the ones checked whole). The report
    /// gives per tier the indices checked, the positions derived and the
    /// mismatches (the first 20 of each with index, position, stored and
    /// derived values); any mismatch is an error of kind `tablebase`
    /// (exit status 2), after the report.
    Verify {
        /// The folder of tables.
        dir: PathBuf,
        /// Verify this one tier (e.g. w3b3, w3b3x) instead of every tier
        /// of the folder; the files of the tiers it leads to must be there.
        #[arg(long, value_name = "NAME")]
        tier: Option<String>,
        /// Verify on N processes of this program, each verifying one tier
        /// (`--tier`), the largest first (the tiers need no order). The
        /// report is the one a single process gives.
        #[arg(long, value_name = "N", conflicts_with = "tier", value_parser = clap::value_parser!(u16).range(1..=256))]
        workers: Option<u16>,
        /// Verify on the ranks of an MPI job (`mpirun -np K lapilli
        /// tablebase verify DIR --mpi`): rank 0 hands out the tiers,
        /// largest first, ranks 1 to K-1 verify one tier at a time; the
        /// report is the one a single process gives, printed by rank 0.
        /// Needs a lapilli built with the cargo feature `mpi` (an error of
        /// kind `option` otherwise).
        #[arg(long, conflicts_with_all = ["tier", "workers"])]
        mpi: bool,
        /// Worker threads (per process with --workers or --mpi); 0 for one
        /// per core (shared out among the processes with --workers, among
        /// the ranks of a machine with --mpi).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=1024))]
        threads: u16,
        /// Print one JSON object instead of text: {"game", "variant",
        /// "dir", "tiers": [{"tier", "entries", "positions",
        /// "mismatch_count", "mismatches": [{"index", "position", "stored",
        /// "derived"}...], "counts_agree", "millis"}...], "entries",
        /// "positions", "mismatches", "clean", "workers", "millis"}, each
        /// value as {"value", "dtm"} or null for an unused entry; with a
        /// mismatch, the same object with the key "error" added.
        #[arg(long)]
        json: bool,
    },
}

impl TablebaseCommand {
    /// Runs the command, its report to `out`.
    pub fn run(self, out: &mut dyn Write) -> Result<()> {
        match self {
            TablebaseCommand::Build {
                game,
                max_pieces,
                whole_game,
                tier,
                chunk,
                chunk_indices,
                workers,
                mpi,
                out: dir,
                threads,
                memory,
                rebuild,
                wait,
                log,
                json,
            } => {
                // Every rank of an MPI job starts MPI first, so that an
                // error on the way is told by rank 0 alone.
                let world = if mpi { Some(super::mpi::World::start()?) } else { None };
                let rank = world.as_ref().map_or(0, super::mpi::World::rank);
                let game_args = command_line(&game);
                let command = Build {
                    max_pieces,
                    whole_game,
                    tier,
                    chunk,
                    chunk_indices,
                    workers: workers.map(usize::from),
                    mpi: world,
                    game_args,
                    dir,
                    threads: usize::from(threads),
                    memory_mib: memory,
                    rebuild,
                    wait,
                    log,
                    json,
                    out,
                };
                super::mpi::told_by_rank_0(rank, on_game(&game, command))
            }
            TablebaseCommand::Plan { game, max_pieces, machines, rate, chunk_indices, json } => {
                on_game(&game, Plan { max_pieces, machines, rate, chunk_indices, json, out })
            }
            TablebaseCommand::Stats { dir, json } => {
                let folder = list_folder(&dir)?;
                on_folder(&folder, Stats { folder: &folder, json, out })
            }
            TablebaseCommand::Verify { dir, tier, workers, mpi, threads, json } => {
                let world = if mpi { Some(super::mpi::World::start()?) } else { None };
                let rank = world.as_ref().map_or(0, super::mpi::World::rank);
                let verified = list_folder(&dir).and_then(|folder| {
                    let workers = workers.map(usize::from);
                    let threads = usize::from(threads);
                    on_folder(
                        &folder,
                        Verify { folder: &folder, tier, workers, mpi: world, threads, json, out },
                    )
                });
                super::mpi::told_by_rank_0(rank, verified)
            }
            TablebaseCommand::Probe { dir, position, json } => {
                let folder = list_folder(&dir)?;
                on_folder(&folder, Probe { folder: &folder, position, json, out })
            }
        }
    }
}

/// The game and its variant options as command-line words, as given:
/// the game's name, then `--flag` or `--option value` per option.
fn command_line(game: &GameArgs) -> Vec<String> {
    let given = game.variant.given();
    let mut words = vec![game.game.clone()];
    for name in given.names() {
        words.push(format!("--{name}"));
        if let Some(value) = given.value(name) {
            words.push(value.to_string());
        }
    }
    words
}

/// The chunks of at most this many indices (2^26) that `build` and `plan`
/// split each tier's first pass into: a chunk's working set
/// is then at most 384 MiB beside its dependencies.
pub(super) const DEFAULT_CHUNK_INDICES: u64 = 1 << 26;

/// A chunk, `K/N`.
fn parse_chunk(text: &str) -> std::result::Result<lapilli_tablebase::Chunk, String> {
    text.parse()
}

/// A rate of indices a second: a finite number above 0.
fn parse_rate(text: &str) -> std::result::Result<f64, String> {
    match text.parse::<f64>() {
        Ok(r) if r.is_finite() && r > 0.0 => Ok(r),
        _ => {
            Err(format!("{text:?} is no rate: give the indices a machine solves a second, a number above 0"))
        }
    }
}
