//! The built site held in memory while the steps run: every file beside the page, by name.
//!
//! The steps take the page and this folder and hand both on; none of them reads or writes the
//! disk. The folder is read once from what the build staged ([`Folder::read`]) and written once
//! when the last step is done ([`Folder::write_over`]), so a step's test is its input and its
//! output, and a step that fails leaves the staged folder as it was.

use super::content_hash::content_name;
use std::collections::BTreeMap;
use std::path::Path;

/// Files by their name in the folder (`/` between a subfolder's name and a file's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Folder {
    files: BTreeMap<String, Vec<u8>>,
}

impl Folder {
    /// A folder holding `files`, for the steps' tests.
    #[cfg(test)]
    pub fn of<'a>(files: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> Folder {
        Folder {
            files: files
                .into_iter()
                .map(|(name, bytes)| (name.to_string(), bytes.to_vec()))
                .collect(),
        }
    }

    /// Every file under `dir` but `skip` (the page, which the steps carry on its own).
    pub fn read(dir: &Path, skip: &str) -> Result<Folder, String> {
        let mut folder = Folder::default();
        folder.read_under(dir, "", skip)?;
        Ok(folder)
    }

    fn read_under(&mut self, dir: &Path, prefix: &str, skip: &str) -> Result<(), String> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
            let file_name = entry.file_name();
            let Some(file_name) = file_name.to_str() else {
                return Err(format!("{} holds a file whose name is not UTF-8", dir.display()));
            };
            let name = format!("{prefix}{file_name}");
            let path = entry.path();
            if path.is_dir() {
                self.read_under(&path, &format!("{name}/"), skip)?;
            } else if name != skip {
                let bytes = std::fs::read(&path).map_err(|e| format!("{name}: {e}"))?;
                self.files.insert(name, bytes);
            }
        }
        Ok(())
    }

    /// Writes the folder as a new folder `dir`, in place of whatever was there.
    pub fn write_new(&self, dir: &Path) -> Result<(), String> {
        match std::fs::remove_dir_all(dir) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(format!("cannot empty {}: {e}", dir.display()));
            }
            _ => {}
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        self.write_over(dir, &Folder::default())
    }

    /// Writes the folder into `dir`, where [`Folder::read`] found `before`: every file, and the
    /// files `before` held that this folder no longer does are removed.
    pub fn write_over(&self, dir: &Path, before: &Folder) -> Result<(), String> {
        for gone in before.files.keys().filter(|name| !self.files.contains_key(*name)) {
            match std::fs::remove_file(dir.join(gone)) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(format!("cannot remove {gone}: {e}"));
                }
                _ => {}
            }
        }
        for (name, bytes) in &self.files {
            if before.files.get(name) == Some(bytes) {
                continue;
            }
            let path = dir.join(name);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| format!("{name}: {e}"))?;
            }
            std::fs::write(&path, bytes).map_err(|e| format!("cannot write {name}: {e}"))?;
        }
        Ok(())
    }

    /// The names of the files, in order.
    #[cfg(test)]
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    /// The bytes of the file `name`.
    pub fn bytes(&self, name: &str) -> Result<&[u8], String> {
        self.files.get(name).map(Vec::as_slice).ok_or_else(|| format!("{name} is not in the build"))
    }

    /// The file `name` as text.
    pub fn text(&self, name: &str) -> Result<&str, String> {
        std::str::from_utf8(self.bytes(name)?).map_err(|_| format!("{name} is not UTF-8"))
    }

    /// Takes the file `name` out of the folder.
    pub fn remove(&mut self, name: &str) -> Option<Vec<u8>> {
        self.files.remove(name)
    }

    /// Puts `bytes` in the folder as `name`, in place of the files named `replaced` (each
    /// dropped, unless it is `name` or was never there).
    pub fn put(&mut self, name: &str, bytes: impl Into<Vec<u8>>, replaced: &[&str]) {
        for old in replaced.iter().filter(|old| **old != name) {
            self.files.remove(*old);
        }
        self.files.insert(name.to_string(), bytes.into());
    }

    /// Puts `bytes` in the folder under the name their content gives them (`prefix`, their
    /// hash, `suffix`) in place of the file `old`, and returns that name.
    pub fn rename_by_content(
        &mut self,
        old: &str,
        prefix: &str,
        suffix: &str,
        bytes: impl Into<Vec<u8>>,
    ) -> String {
        let bytes = bytes.into();
        let name = content_name(prefix, &bytes, suffix);
        self.put(&name, bytes, &[old]);
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_put_in_place_of_another_replaces_it() {
        let mut folder = Folder::of([("a.js", &b"one"[..]), ("b.js", &b"two"[..])]);
        folder.put("c.js", "three", &["a.js", "missing.js"]);
        assert_eq!(folder.names().collect::<Vec<_>>(), ["b.js", "c.js"]);
        let name = folder.rename_by_content("c.js", "c-", ".js", "three");
        assert!(name.starts_with("c-") && name.ends_with(".js") && name.len() == 21, "{name}");
        assert_eq!(folder.text(&name), Ok("three"));
        assert!(folder.bytes("c.js").is_err());
    }

    #[test]
    fn the_folder_is_read_and_written_back_once_with_its_gone_files_removed() {
        let dir = std::env::temp_dir().join(format!("crossover-folder-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("snippets")).unwrap();
        std::fs::write(dir.join("index.html"), "<html>").unwrap();
        std::fs::write(dir.join("old.js"), "old").unwrap();
        std::fs::write(dir.join("kept.css"), "kept").unwrap();
        std::fs::write(dir.join("snippets").join("s.js"), "s").unwrap();
        let before = Folder::read(&dir, "index.html").unwrap();
        assert_eq!(before.names().collect::<Vec<_>>(), ["kept.css", "old.js", "snippets/s.js"]);
        let mut after = before.clone();
        after.put("new.js", "new", &["old.js"]);
        after.write_over(&dir, &before).unwrap();
        assert!(!dir.join("old.js").exists());
        assert_eq!(std::fs::read_to_string(dir.join("new.js")).unwrap(), "new");
        assert_eq!(std::fs::read_to_string(dir.join("index.html")).unwrap(), "<html>");
        assert_eq!(Folder::read(&dir, "index.html").unwrap(), after);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
