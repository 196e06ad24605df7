//! Writing the tools' results: a file is written whole or not at all, and a
//! failed write to standard output is an ordinary, reported error.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to the file `path`: into a temporary file beside it,
/// synced and renamed over `path` once every byte is written, so a full
/// disk or a size limit leaves no truncated file (and no old one replaced
/// by part of a new one). A `path` that exists and is not a regular file
/// (`/dev/null`, a pipe) is written directly.
pub fn write_file(path: &str, bytes: &[u8]) -> Result<(), String> {
    let target = Path::new(path);
    let fail = |e: std::io::Error| format!("error: cannot write '{path}': {e}");
    if std::fs::metadata(target).is_ok_and(|m| !m.is_file()) {
        return std::fs::write(target, bytes).map_err(fail);
    }
    let temp = temporary_beside(target);
    let written = std::fs::File::create(&temp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&temp, target)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&temp);
            Err(fail(e))
        }
    }
}

/// Checks, before a long run, that [`write_file`] can write `path` at its
/// end: its folder takes a new file and `path` is no folder. Leaves
/// nothing behind; the error is the one the write would give.
pub fn check_writable(path: &str) -> Result<(), String> {
    let target = Path::new(path);
    let fail = |e: std::io::Error| format!("error: cannot write '{path}': {e}");
    match std::fs::metadata(target) {
        Ok(m) if m.is_dir() => return Err(fail(std::io::Error::from(std::io::ErrorKind::IsADirectory))),
        // `/dev/null`, a pipe: written directly.
        Ok(m) if !m.is_file() => return Ok(()),
        _ => {}
    }
    let temp = temporary_beside(target);
    std::fs::File::create(&temp).map_err(fail)?;
    let _ = std::fs::remove_file(&temp);
    Ok(())
}

/// A name for a temporary file in the directory of `target`.
fn temporary_beside(target: &Path) -> PathBuf {
    let name = target.file_name().map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    target.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Makes a write past the process's file-size limit (`ulimit -f`) fail with
/// an error the tools report, instead of the signal (`SIGXFSZ`) killing the
/// process mid-write.
pub fn survive_file_size_limit() {
    let seen = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    // Registering can only fail for signals that cannot be handled.
    let _ = signal_hook::flag::register(signal_hook::consts::SIGXFSZ, seen);
}

/// Writes `bytes` to standard output and flushes it.
pub fn write_stdout(bytes: &[u8]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes).and_then(|()| out.flush()).map_err(|e| format!("error: cannot write to standard output: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_replaced_whole_and_failures_leave_nothing() {
        let dir = std::env::temp_dir().join(format!("strata-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.txt");
        let p = path.to_str().unwrap();
        write_file(p, b"first").unwrap();
        write_file(p, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let missing = dir.join("no-such-dir").join("out.txt");
        let err = write_file(missing.to_str().unwrap(), b"x").unwrap_err();
        assert!(err.starts_with("error: cannot write '"), "{err}");
        assert_eq!(check_writable(missing.to_str().unwrap()), Err(err));
        assert!(check_writable(dir.to_str().unwrap()).unwrap_err().ends_with("is a directory"));
        check_writable(p).unwrap();
        check_writable("/dev/null").unwrap();
        write_file("/dev/null", b"discarded").unwrap();
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, vec![std::ffi::OsString::from("out.txt")], "no temporary file is left");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
