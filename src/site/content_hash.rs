//! Files named by their content, with integrity hashes from their bytes: how every step that
//! writes a file beside the page names it (steps 2 to 8).

use sha2::{Digest, Sha384};

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
