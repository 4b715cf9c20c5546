//! Files named by their content, with integrity hashes from their bytes: how every step that
//! writes a file beside the page names it (steps 2 to 8).

use sha2::{Digest, Sha384};
use std::path::Path;

/// `sha384-` and the digest in base64, as an `integrity` attribute or fetch option takes it.
pub fn integrity(bytes: &[u8]) -> String {
    use base64::Engine;
    format!("sha384-{}", base64::engine::general_purpose::STANDARD.encode(Sha384::digest(bytes)))
}

/// The first 8 bytes of the sha384 digest in hex: 16 characters, as long as trunk's own.
pub fn short_hash(bytes: &[u8]) -> String {
    Sha384::digest(bytes).iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// A file's name from content: `prefix`, the short hash of `hashed`, `suffix`.
pub fn content_name(prefix: &str, hashed: &[u8], suffix: &str) -> String {
    format!("{prefix}{}{suffix}", short_hash(hashed))
}

/// Writes `bytes` into `dir` as `name`, in place of the files named `replaced` (each removed,
/// unless it is `name` or was never there).
pub fn put(dir: &Path, name: &str, bytes: &[u8], replaced: &[&str]) -> Result<(), String> {
    std::fs::write(dir.join(name), bytes).map_err(|e| format!("cannot write {name}: {e}"))?;
    for old in replaced.iter().filter(|old| **old != name) {
        match std::fs::remove_file(dir.join(old)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(format!("cannot remove {old}: {e}"));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Writes `bytes` into `dir` under the name their content gives them (`prefix`, their hash,
/// `suffix`) in place of the file `old`, and returns that name.
pub fn rename_by_content(
    dir: &Path,
    old: &str,
    prefix: &str,
    suffix: &str,
    bytes: &[u8],
) -> Result<String, String> {
    let name = content_name(prefix, bytes, suffix);
    put(dir, &name, bytes, &[old])?;
    Ok(name)
}
