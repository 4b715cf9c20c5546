//! Step 2b: the page's wasm and its wasm-bindgen script call each other's imports by short names,
//! and so do the measurements worker's.
//!
//! wasm-bindgen names every function the wasm imports from its script after the Rust binding and
//! a 16-digit hash (`__wbg_set_fillStyle_95fde67582a9c695`), and the page has some two hundred.
//! Each name is written twice on every reader's first load, once in the wasm's import section
//! and once as a key of the script's import object, and the hashes are digits gzip cannot
//! shorten. This step gives each import, and the one module they come from, a name of one or
//! two letters in both files, and writes the files' new integrity hashes into the page; steps 2
//! and 6 then name the files by their new content.
//!
//! A name is only changed when the script spells it exactly once, as an object key: anything
//! else (a name the script also reads elsewhere) is left as wasm-bindgen wrote it.

use super::content_hash::integrity;
use super::deferred_wasm::wasm_name;
use super::folder::Folder;
use super::glue_script::script_name;
use std::collections::{HashMap, HashSet};

/// Renames the imports of the wasm and the script that the page names, in place, and the two
/// integrity hashes in the page to match.
pub fn shorten(page: &str, folder: &mut Folder) -> Result<String, String> {
    let (_, wasm_name) =
        wasm_name(page).ok_or("the built index.html has no <meta> for its wasm")?;
    let wasm_name = wasm_name.to_string();
    let script_name =
        script_name(page).ok_or("the built index.html names no crossover-<hash>.js")?.to_string();
    let mut page = page.to_string();
    let Some(integrities) = shorten_pair(folder, &wasm_name, &script_name)? else {
        return Ok(page);
    };
    for (old, new) in integrities {
        if !page.contains(&old) {
            return Err(
                "the page does not check the wasm and its script against their hashes".into()
            );
        }
        page = page.replacen(&old, &new, 1);
    }
    Ok(page)
}

/// The same for the measurements worker's wasm and script in `folder`, under the names trunk gives
/// them, before step 3 names them by content and writes their hashes: nothing checks them yet.
pub fn shorten_worker(folder: &mut Folder) -> Result<(), String> {
    use crate::shared_names::files::WORKER;
    shorten_pair(folder, &format!("{WORKER}_bg.wasm"), &format!("{WORKER}.js")).map(drop)
}

/// Renames the imports that the wasm `wasm_name` and its script `script_name` in `folder` share,
/// in place. Returns the integrity hash each file had, with the one it has now; `None` when
/// there was nothing to rename.
fn shorten_pair(
    folder: &mut Folder,
    wasm_name: &str,
    script_name: &str,
) -> Result<Option<[(String, String); 2]>, String> {
    let wasm = folder.bytes(wasm_name)?.to_vec();
    let script = folder.text(script_name)?.to_string();
    let renames = short_names(&imports(&wasm)?, &script);
    if renames.is_empty() {
        return Ok(None);
    }
    let new_wasm = renamed_wasm(&wasm, &renames)?;
    let new_script = renamed_script(&script, &renames);
    let integrities = [
        (integrity(&wasm), integrity(&new_wasm)),
        (integrity(script.as_bytes()), integrity(new_script.as_bytes())),
    ];
    folder.put(wasm_name, new_wasm, &[]);
    folder.put(script_name, new_script, &[]);
    Ok(Some(integrities))
}

/// What one import is called: the module it comes from and its name there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Import {
    module: String,
    name: String,
}

/// A name's new spelling, and where the script spells the old one.
#[derive(Debug)]
struct Rename {
    new: String,
    at: usize,
}

/// Old name to new, for modules and imports alike (the two never share a name).
type Renames = HashMap<String, Rename>;

/// A short name for each module and import the script spells once, as an object key.
fn short_names(imports: &[Import], script: &str) -> Renames {
    let taken: HashSet<&str> =
        imports.iter().flat_map(|i| [i.module.as_str(), i.name.as_str()]).collect();
    let mut fresh = (0usize..).map(short_name).filter(|n| !taken.contains(n.as_str()));
    let mut renames = Renames::new();
    let mut seen = HashSet::new();
    for import in imports {
        for (old, quoted) in [(&import.module, true), (&import.name, false)] {
            if !seen.insert(old.clone()) {
                continue;
            }
            let Some(at) = key_at(script, old, quoted) else { continue };
            if let Some(new) = fresh.next() {
                renames.insert(old.clone(), Rename { new, at });
            }
        }
    }
    renames
}

/// The `n`th short name: `a` to `z`, `A` to `Z`, then two letters.
fn short_name(n: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let letter = |i: usize| char::from(LETTERS.get(i % LETTERS.len()).copied().unwrap_or(b'z'));
    if n < LETTERS.len() {
        letter(n).to_string()
    } else {
        let n = n - LETTERS.len();
        format!("{}{}", letter(n / LETTERS.len()), letter(n))
    }
}

/// Where `script` spells `name` as an object key (`name:`, or `"name":` when `quoted`), if that
/// is the only place it spells it at all.
fn key_at(script: &str, name: &str, quoted: bool) -> Option<usize> {
    let mut found = script.match_indices(name);
    let (at, _) = found.next()?;
    if found.next().is_some() {
        return None;
    }
    let before = script.get(..at)?;
    let after = script.get(at + name.len()..)?;
    let key = if quoted {
        before.ends_with('"') && after.starts_with("\":")
    } else {
        let bounded = before
            .chars()
            .next_back()
            .is_some_and(|c| !(c.is_alphanumeric() || c == '_' || c == '$'));
        bounded && after.starts_with(':')
    };
    key.then_some(at)
}

/// `script` with each renamed key spelled the new way.
fn renamed_script(script: &str, renames: &Renames) -> String {
    let mut spots: Vec<(usize, &str, &str)> =
        renames.iter().map(|(old, r)| (r.at, old.as_str(), r.new.as_str())).collect();
    spots.sort_unstable();
    let mut out = String::with_capacity(script.len());
    let mut from = 0;
    for (at, old, new) in spots {
        out.push_str(script.get(from..at).unwrap_or_default());
        out.push_str(new);
        from = at + old.len();
    }
    out.push_str(script.get(from..).unwrap_or_default());
    out
}

/// The wasm's imports, in order.
fn imports(wasm: &[u8]) -> Result<Vec<Import>, String> {
    let Some(section) = sections(wasm)?.into_iter().find(|s| s.id == IMPORT_SECTION) else {
        return Ok(Vec::new());
    };
    let mut reader = Reader { bytes: section.body, at: 0 };
    let count = reader.leb()?;
    let mut out = Vec::new();
    for _ in 0..count {
        let module = reader.name()?;
        let name = reader.name()?;
        reader.skip_description()?;
        out.push(Import { module, name });
    }
    Ok(out)
}

/// The wasm with its import section written again under the new names; every other byte as it
/// was.
fn renamed_wasm(wasm: &[u8], renames: &Renames) -> Result<Vec<u8>, String> {
    let mut out = wasm.get(..HEADER_LEN).ok_or("the wasm is cut short")?.to_vec();
    for section in sections(wasm)? {
        let body = if section.id == IMPORT_SECTION {
            renamed_import_section(section.body, renames)?
        } else {
            section.body.to_vec()
        };
        out.push(section.id);
        write_leb(&mut out, body.len() as u64);
        out.extend_from_slice(&body);
    }
    Ok(out)
}

fn renamed_import_section(body: &[u8], renames: &Renames) -> Result<Vec<u8>, String> {
    let mut reader = Reader { bytes: body, at: 0 };
    let count = reader.leb()?;
    let mut out = Vec::with_capacity(body.len());
    write_leb(&mut out, count);
    for _ in 0..count {
        for _ in 0..2 {
            let name = reader.name()?;
            let name = renames.get(&name).map_or(&name, |r| &r.new);
            write_leb(&mut out, name.len() as u64);
            out.extend_from_slice(name.as_bytes());
        }
        let start = reader.at;
        reader.skip_description()?;
        out.extend_from_slice(body.get(start..reader.at).ok_or("an import is cut short")?);
    }
    Ok(out)
}

/// The magic number and version that open every wasm module.
const HEADER_LEN: usize = 8;
const IMPORT_SECTION: u8 = 2;

struct Section<'a> {
    id: u8,
    body: &'a [u8],
}

fn sections(wasm: &[u8]) -> Result<Vec<Section<'_>>, String> {
    if wasm.get(..4) != Some(b"\0asm") {
        return Err("the page's wasm does not start as a wasm module".into());
    }
    let mut reader = Reader { bytes: wasm, at: HEADER_LEN };
    let mut out = Vec::new();
    while reader.at < wasm.len() {
        let id = reader.byte()?;
        let len = usize::try_from(reader.leb()?).map_err(|e| e.to_string())?;
        let body = wasm.get(reader.at..reader.at + len).ok_or("a wasm section is cut short")?;
        reader.at += len;
        out.push(Section { id, body });
    }
    Ok(out)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.at).ok_or("the wasm is cut short")?;
        self.at += 1;
        Ok(b)
    }

    /// An unsigned LEB128 number.
    fn leb(&mut self) -> Result<u64, String> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err("a number in the wasm is too long".into())
    }

    fn name(&mut self) -> Result<String, String> {
        let len = usize::try_from(self.leb()?).map_err(|e| e.to_string())?;
        let bytes = self.bytes.get(self.at..self.at + len).ok_or("a wasm name is cut short")?;
        self.at += len;
        String::from_utf8(bytes.to_vec()).map_err(|e| e.to_string())
    }

    /// Steps over what an import is: a function's type, a table, a memory, a global or a tag.
    fn skip_description(&mut self) -> Result<(), String> {
        match self.byte()? {
            0x00 => self.leb().map(drop),
            0x01 => {
                self.byte()?;
                self.skip_limits()
            }
            0x02 => self.skip_limits(),
            0x03 => {
                self.byte()?;
                self.byte().map(drop)
            }
            0x04 => {
                self.byte()?;
                self.leb().map(drop)
            }
            kind => Err(format!("the wasm imports something of an unknown kind ({kind:#04x})")),
        }
    }

    fn skip_limits(&mut self) -> Result<(), String> {
        let flags = self.byte()?;
        self.leb()?;
        if flags & 1 == 1 {
            self.leb()?;
        }
        Ok(())
    }
}

fn write_leb(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let low = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wasm module importing two functions and a memory from `./app_bg.js`, and one function
    /// from `env`, followed by a custom section.
    fn module() -> Vec<u8> {
        let mut imports = Vec::new();
        write_leb(&mut imports, 4);
        for (module, name, description) in [
            ("./app_bg.js", "__wbg_log_0123456789abcdef", &[0x00, 0x00][..]),
            ("./app_bg.js", "__wbg_now_fedcba9876543210", &[0x00, 0x01][..]),
            ("./app_bg.js", "memory", &[0x02, 0x01, 0x11, 0x80, 0x01][..]),
            ("env", "__wbg_read_twice", &[0x00, 0x00][..]),
        ] {
            for text in [module, name] {
                write_leb(&mut imports, text.len() as u64);
                imports.extend_from_slice(text.as_bytes());
            }
            imports.extend_from_slice(description);
        }
        let mut wasm = b"\0asm\x01\0\0\0".to_vec();
        wasm.push(IMPORT_SECTION);
        write_leb(&mut wasm, imports.len() as u64);
        wasm.extend_from_slice(&imports);
        wasm.extend_from_slice(&[0x00, 0x03, 0x01, b'x', 0x07]);
        wasm
    }

    const SCRIPT: &str = "function get() {\nconst import0 = {\n__proto__: null,\n__wbg_log_0123456789abcdef: function(a) { console.log(a); },\n__wbg_now_fedcba9876543210: function() { return Date.now(); },\nmemory: mem,\n__wbg_read_twice: f,\n};\nreturn { __proto__: null, \"./app_bg.js\": import0, env: { __wbg_read_twice } };\n}\n";

    #[test]
    fn imports_spelled_once_as_keys_get_short_names_in_both_files() {
        let wasm = module();
        let found = imports(&wasm).unwrap();
        assert_eq!(found.len(), 4);
        assert_eq!(found[2], Import { module: "./app_bg.js".into(), name: "memory".into() });
        let renames = short_names(&found, SCRIPT);
        // `__wbg_read_twice` is spelled twice, once outside the import object: it stays.
        assert!(!renames.contains_key("__wbg_read_twice"), "{renames:?}");
        for old in ["./app_bg.js", "__wbg_log_0123456789abcdef", "__wbg_now_fedcba9876543210"] {
            let new = &renames.get(old).unwrap_or_else(|| panic!("{old} kept: {renames:?}")).new;
            assert!(new.len() <= 2 && new.chars().all(|c| c.is_ascii_alphabetic()), "{new}");
        }
        let script = renamed_script(SCRIPT, &renames);
        let wasm = renamed_wasm(&wasm, &renames).unwrap();
        let after = imports(&wasm).unwrap();
        // Every import the wasm names is still a key the script spells the same way.
        for import in &after {
            if import.module != "env" {
                assert!(script.contains(&format!("\"{}\": import0", import.module)), "{script}");
                assert!(
                    script.contains(&format!("\n{}:", import.name)),
                    "{} in {script}",
                    import.name
                );
            }
        }
        assert_eq!(after[3], Import { module: "env".into(), name: "__wbg_read_twice".into() });
        assert!(
            !script.contains("0123456789abcdef")
                && !wasm.windows(16).any(|w| w == b"0123456789abcdef")
        );
        // The sections after the imports are copied as they were.
        assert!(wasm.ends_with(&[0x00, 0x03, 0x01, b'x', 0x07]));
    }

    #[test]
    fn short_names_are_distinct_and_never_an_existing_name() {
        let names: Vec<String> = (0..52 * 53).map(short_name).collect();
        let unique: HashSet<&String> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
        let imports = vec![Import { module: "m".into(), name: "a".into() }];
        let renames = short_names(&imports, "\"m\": x,\na: f");
        assert_eq!(renames.get("m").map(|r| r.new.as_str()), Some("b"), "`a` is taken");
    }

    #[test]
    fn a_wasm_cut_short_or_not_a_wasm_is_refused_not_a_panic() {
        let wasm = module();
        for len in 0..wasm.len() - 5 {
            let _ = imports(&wasm[..len]);
        }
        assert!(imports(b"not a wasm module").is_err());
        assert!(imports(&wasm[..20]).is_err());
    }
}
