//! Times the dev server's whole-site rebuild after a save, in process and in CPU time as well as
//! wall time (on a shared machine CPU time moves far less from run to run):
//!
//!     cargo run --release --example rebuild_bench -- SITE [EDITS]
//!
//! Loads SITE (a folder with site.toml and content/, such as `scripts/gen-corpus 3000 DIR`
//! makes), builds it once with a `BuildCache` as `shiori serve` does, then EDITS times (default
//! 5) appends a new sentence to one article (articles spread over the sorted list) in the
//! loaded sources and rebuilds with the cache. Prints each rebuild's wall and CPU time (user +
//! system of the process, from /proc/self/stat) and the medians. Nothing is written to disk.
use std::path::PathBuf;
use std::time::{Duration, Instant};

use shiori::load;

/// The allocator of the `shiori` binary (see its main.rs), so the times are the server's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use shiori::pipeline::{self, BuildCache, BuildOptions};

/// User + system CPU time of this process so far.
fn cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("Linux /proc");
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = &stat[stat.rfind(')').expect("stat format") + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    // USER_HZ is 100 on Linux.
    Duration::from_millis(ticks * 10)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let root = PathBuf::from(args.next().expect("usage: rebuild_bench SITE [EDITS]"));
    let edits: usize = args
        .next()
        .map_or(5, |n| n.parse().expect("EDITS is a number"));
    let mut sources = load::load(&root).expect("the site loads");
    sources.content.sort_by(|a, b| a.path.cmp(&b.path));
    let opts = BuildOptions::default();
    let mut cache = BuildCache::default();
    let started = Instant::now();
    pipeline::build_cached(&sources, &opts, &mut cache).expect("the site builds");
    println!(
        "{} articles; first build {:.2?}",
        sources.content.len(),
        started.elapsed()
    );
    let (mut walls, mut cpus) = (Vec::new(), Vec::new());
    for e in 0..edits {
        let i = (e * 2 + 1) * sources.content.len() / (edits * 2);
        sources.content[i]
            .text
            .push_str(&format!("\n\n追記 {e}: この段落は編集で加わりました。\n"));
        let (wall, cpu_before) = (Instant::now(), cpu());
        pipeline::build_cached(&sources, &opts, &mut cache).expect("the site builds");
        let (wall, cpu) = (wall.elapsed(), cpu() - cpu_before);
        println!(
            "edit {e} ({}): rebuilt in {wall:.2?}, CPU {cpu:.2?}",
            sources.content[i].path.display()
        );
        walls.push(wall);
        cpus.push(cpu);
    }
    println!(
        "median rebuild: wall {:.2?}, CPU {:.2?}",
        median(walls),
        median(cpus)
    );
}
