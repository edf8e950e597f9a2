//! Running the commands: [`run`] takes the parsed [`Cli`] (see `cli`) and gives the exit code,
//! one module per command. Each command loads the site (the load stage), runs the pipeline
//! (`pipeline`) and reports; only `build`, `registry import` and `glossary import` write (the write stage).
//!
//! Exit codes: 0 ok, 1 content errors (and, for `check --strict`, any finding), 2 usage or I/O
//! errors.
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use crate::cli::{Cli, Command, GlossaryCommand, RegistryCommand};
use crate::load;
use crate::model::diag::Diagnostics;
use crate::pipeline::StageEnd;

pub mod build;
pub mod check;
pub mod glossary_import;
pub mod glossary_suggest;
pub mod registry_import;
pub mod serve;

pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Build {
            root,
            output,
            force,
            base_url,
            drafts,
            offline,
            timings,
        } => build::run(root, output, force, base_url, drafts, offline, timings),
        Command::Serve {
            root,
            port,
            bind,
            drafts,
            timings,
        } => match serve::run(serve::ServeOptions {
            root,
            bind,
            port,
            drafts,
            timings,
        }) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Command::Check {
            root,
            strict,
            drafts,
        } => check::run(&root, strict, drafts),
        Command::Registry {
            command:
                RegistryCommand::Import {
                    enhancements,
                    website,
                    root,
                },
        } => registry_import::run(&enhancements, &website, &root),
        Command::Glossary {
            command: GlossaryCommand::Import { website, root },
        } => glossary_import::run(&website, &root),
        Command::Glossary {
            command:
                GlossaryCommand::Suggest {
                    root,
                    limit,
                    drafts,
                },
        } => glossary_suggest::run(&root, limit, drafts),
    }
}

/// Loads the site at `root` and runs `stage` on it. An unreadable site exits with 2; content
/// errors are all printed, then a count under `failed`, and exit with 1.
fn run_stage<T>(
    root: &Path,
    failed: &str,
    stage: impl FnOnce(load::Sources) -> Result<T, Diagnostics>,
) -> Result<T, ExitCode> {
    let sources = load::load(root).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })?;
    stage(sources).map_err(|diags| {
        eprint!("{diags}");
        let n = diags.errors().count();
        eprintln!("{failed}: {n} error{}", plural(n));
        ExitCode::from(1)
    })
}

/// An import's result with its warnings printed, or exit code 2 (with the reason printed) when
/// the checkout was not where it was said to be.
fn imported<T>(
    result: Result<T, crate::model::diag::Diagnostic>,
    warnings: impl FnOnce(&T) -> &[crate::model::diag::Diagnostic],
) -> Result<T, ExitCode> {
    let imported = result.map_err(|d| {
        eprintln!("{d}");
        ExitCode::from(2)
    })?;
    for w in warnings(&imported) {
        eprintln!("{w}");
    }
    Ok(imported)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `--timings`: when each stage ended, counted from the start of the command, how long it took,
/// and the memory then: resident at the stage's end, and the most resident so far (the peak
/// grows in the stage that holds the most). Render and index run side by side: each is timed
/// from the end of the stage before both, and the stage after them from the later of the two.
/// `loaded` is the load stage's end (the build's stages are counted from it); `after` is what
/// the command does once the build is done (`build` swaps the new site into place).
fn print_timings(loaded: StageEnd, stages: &[StageEnd], after: Option<StageEnd>) {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let in_mib = |bytes: u64| format!("{:.0}", bytes as f64 / (1024.0 * 1024.0));
    // Every reading of the peak, by when it was taken. The kernel's resident count is
    // approximate (per-CPU batches), so one reading's peak may lie below an earlier one's; the
    // peak so far is the greatest reading up to then, and never falls.
    let readings: Vec<(Duration, u64)> = std::iter::once(loaded)
        .chain(stages.iter().map(|s| StageEnd {
            at: loaded.at + s.at,
            ..*s
        }))
        .chain(after)
        .filter_map(|s| Some((s.at, s.memory?.peak)))
        .collect();
    let peak_by = |at: Duration| {
        readings
            .iter()
            .filter(|(t, _)| *t <= at)
            .map(|(_, peak)| *peak)
            .max()
    };
    let row = |stage: &StageEnd, from: Duration| {
        let (resident, peak) = match stage.memory {
            Some(m) => (
                in_mib(m.resident),
                in_mib(peak_by(stage.at).unwrap_or(m.peak)),
            ),
            None => ("-".to_string(), "-".to_string()),
        };
        eprintln!(
            "{:<38} {:>10.0} {:>9.0} {:>12} {:>12}",
            stage.name,
            ms(stage.at),
            ms(stage.at.saturating_sub(from)),
            resident,
            peak,
        );
    };
    eprintln!(
        "{:<38} {:>10} {:>9} {:>12} {:>12}",
        "stage", "ends at ms", "takes ms", "resident MiB", "peak MiB"
    );
    row(&loaded, Duration::ZERO);
    let (mut before, mut latest) = (loaded.at, loaded.at);
    for stage in stages {
        let stage = StageEnd {
            at: loaded.at + stage.at,
            ..*stage
        };
        if stage.name.contains("beside") {
            row(&stage, before);
        } else {
            row(&stage, latest);
            before = stage.at;
        }
        latest = latest.max(stage.at);
    }
    if let Some(after) = after {
        row(&after, latest);
    }
}
