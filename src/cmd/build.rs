//! `shiori build`: checks the output folder may be replaced (`write::check_target`), loads and
//! builds the site into a staging folder beside it as the pages come (`pipeline::build_into`
//! with a `write::Staging`), prints the warnings and swaps the new site into place. A failed
//! build removes the staging folder and leaves the output as it was.
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use super::{plural, print_timings, run_stage};
use crate::{pipeline, write};

pub fn run(
    root: PathBuf,
    output: PathBuf,
    force: bool,
    base_url: Option<String>,
    drafts: bool,
    offline: bool,
    timings: bool,
) -> ExitCode {
    let started = Instant::now();
    let target = if output.is_absolute() {
        output
    } else {
        root.join(output)
    };
    // Before anything is built: a refused output is never touched.
    if let Err(refusal) = write::check_target(&root, &target, force) {
        eprintln!("error: {refusal}");
        return ExitCode::from(2);
    }
    let opts = pipeline::BuildOptions {
        drafts: drafts.then_some(true),
        base_url,
        offline,
    };
    let failed = "build failed (the output folder was left as it was)";
    // The staging folder is made once the site is read: a site that cannot be read creates
    // nothing.
    let mut loaded = None;
    let built = run_stage(&root, failed, |s| {
        loaded = Some(pipeline::StageEnd::now("load", started));
        let staging = match write::Staging::new(&target) {
            Ok(staging) => staging,
            Err(e) => return Ok(Err(e)),
        };
        let base_warning = pipeline::config(&s, &opts)
            .ok()
            .and_then(|c| c.default_base_warning());
        match pipeline::build_into(s, &opts, &staging) {
            Ok(report) => Ok(Ok((report, staging, base_warning))),
            Err(pipeline::BuildError::Content(d)) => Err(d),
            Err(pipeline::BuildError::Write(e)) => Ok(Err(e)),
        }
    });
    let (out, staging, base_warning) = match built {
        Ok(Ok(built)) => built,
        Ok(Err(e)) => {
            eprintln!("error: {e} (the output folder was left as it was)");
            return ExitCode::from(2);
        }
        Err(code) => return code,
    };
    for w in out
        .warnings
        .iter()
        .filter(|w| !w.is_note())
        .chain(&base_warning)
    {
        eprintln!("{w}");
    }
    let notes = out.warnings.iter().filter(|w| w.is_note()).count();
    if notes > 0 {
        eprintln!(
            "note: {notes} thing{} inferred (such as an article's release from its title); run `shiori check` to see them",
            plural(notes)
        );
    }
    if !out.findings.is_empty() {
        // Shown in full by `check`; a build on every save should not repeat them.
        eprintln!(
            "note: {} finding{} (unknown KEPs or gates, stages the registry contradicts, images or pages not found); run `shiori check` to see them",
            out.findings.len(),
            plural(out.findings.len())
        );
    }
    if let Err(e) = staging.commit() {
        eprintln!("error: {e} (the output folder was left as it was)");
        return ExitCode::from(2);
    }
    if timings {
        let loaded = loaded.expect("the build ran, so the site was loaded");
        let swapped = pipeline::StageEnd::now("write (the swap into place)", started);
        print_timings(loaded, &out.stages, Some(swapped));
    }
    eprintln!(
        "built {} articles, {} files into {} in {} ms",
        out.articles,
        out.files,
        target.display(),
        started.elapsed().as_millis()
    );
    ExitCode::SUCCESS
}
