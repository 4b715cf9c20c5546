//! index.html's `data-trunk` tags, resolved as the release build links them. Trunk reads those
//! tags in the development loop; the release build runs the toolchain itself, and this is the one
//! thing trunk did that the steps after it rely on: each tag becomes the tags trunk would have
//! written, its files are put beside the page under names taken from their content, and the
//! HTML shell and the stylesheet are minified. The steps then read the page as they read trunk's.
//!
//! The output depends only on the input: no clock, no hash map's order, nothing from the disk
//! but what `read` gives. Attribute values are never changed (the Content-Security-Policy's
//! spaces and the icon's `data:` address count to the byte); only the quotes go where a value
//! needs none.

use super::content_hash::{content_name, integrity};
use super::folder::Folder;
use super::markup::{decoded, escaped};
use crate::shared_names::files::WORKER;
use std::borrow::Cow;
use std::path::Path;

/// The page's binary: wasm-bindgen names its script and wasm after it.
const PAGE: &str = "crossover";

/// Trunk options this build does not carry out, with the one value each may have (`None`: no
/// value will do): a tag asking for another is refused rather than linked some other way than
/// it asks.
const OPTIONS: [(&str, Option<&str>); 2] =
    [("data-target-path", None), ("data-integrity", Some("sha384"))];

/// index.html's `source` with each `data-trunk` tag replaced by what the release build links,
/// and the files it names put in `folder`; the HTML around them minified. `read(path)` reads a
/// file of the project by the path the tag names (relative to the project root). The
/// toolchain's outputs are already in `folder` under wasm-bindgen's names: `crossover.js` and
/// `crossover_bg.wasm` for the page, `crossover-worker.js` and `crossover-worker_bg.wasm` for
/// the worker, which stay as they are for `worker_files` to name.
pub fn resolve(
    source: &str,
    folder: &mut Folder,
    read: impl Fn(&str) -> Result<Vec<u8>, String>,
) -> Result<String, String> {
    rewritten(source, |tag| linked(tag, folder, &read))
}

/// `source` minified, each start tag with a `data-trunk` attribute replaced by what `trunk_tag`
/// makes of it. The tags are met in the order they are written, so the folder's files are put in
/// one order on every run.
fn rewritten(
    source: &str,
    mut trunk_tag: impl FnMut(&StartTag<'_>) -> Result<String, String>,
) -> Result<String, String> {
    let mut out = String::with_capacity(source.len());
    for piece in pieces(source)? {
        match piece {
            Piece::Comment => {}
            Piece::Text(text) => push_text(&mut out, text),
            Piece::Verbatim(text) => out.push_str(text),
            Piece::Start(tag) if tag.is_trunks() => out.push_str(&trunk_tag(&tag)?),
            Piece::Start(tag) => push_start_tag(&mut out, &tag),
            Piece::End(name) => {
                out.push_str("</");
                out.push_str(name);
                out.push('>');
            }
        }
    }
    Ok(out)
}

// The data-trunk tags.

/// What the release build writes for one `data-trunk` tag: the tags that link its files, or
/// nothing for a file only copied or built for later steps.
fn linked(
    tag: &StartTag<'_>,
    folder: &mut Folder,
    read: &impl Fn(&str) -> Result<Vec<u8>, String>,
) -> Result<String, String> {
    let refused =
        || format!("index.html has a data-trunk tag the release build does not link: {}", tag.raw);
    if OPTIONS.iter().any(|(name, only)| tag.value(name).is_some_and(|v| Some(&*v) != *only)) {
        return Err(refused());
    }
    let element = tag.name.to_ascii_lowercase();
    match (element.as_str(), tag.value("rel").as_deref()) {
        ("link", Some("rust")) => built(tag, folder).ok_or_else(refused)?,
        ("link", Some("css")) => stylesheet(&file(tag, "href")?, folder, read),
        ("link", Some("copy-file")) => copied(&file(tag, "href")?, folder, read),
        ("script", None) => script(tag, &file(tag, "src")?, folder, read),
        _ => Err(refused()),
    }
}

/// The path `tag` names in `attribute`, which it must have.
fn file<'a>(tag: &StartTag<'a>, attribute: &str) -> Result<Cow<'a, str>, String> {
    tag.value(attribute)
        .filter(|path| !path.is_empty())
        .ok_or_else(|| format!("index.html's tag names no file in `{attribute}`: {}", tag.raw))
}

/// A `rel=rust` link: the page's binary, whose script and wasm are preloaded as trunk preloads
/// them, or the worker's, which the page does not link (`worker_files` names its files and
/// tells the page of them). `None` for any other binary, which this build does not make.
fn built(tag: &StartTag<'_>, folder: &mut Folder) -> Option<Result<String, String>> {
    let bin = tag.value("data-bin");
    match (tag.value("data-type").as_deref(), tag.value("href"), bin.as_deref()) {
        (None | Some("main"), None, None | Some(PAGE)) => Some(page_preloads(folder)),
        (Some("worker"), Some(_), Some(WORKER)) => Some(Ok(String::new())),
        _ => None,
    }
}

/// The page's script and wasm named by their content, and the links that preload them: the
/// script as a module, the wasm as a fetch (`deferred_wasm` turns that one into a `<meta>`).
fn page_preloads(folder: &mut Folder) -> Result<String, String> {
    let (script, script_integrity) = named_by_content(folder, ".js")?;
    let (wasm, wasm_integrity) = named_by_content(folder, "_bg.wasm")?;
    let script_link = element(
        "link",
        vec![
            "crossorigin".into(),
            attribute("href", &format!("./{script}")),
            attribute("integrity", &script_integrity),
            attribute("rel", "modulepreload"),
        ],
    );
    let wasm_link = element(
        "link",
        vec![
            attribute("as", "fetch"),
            "crossorigin".into(),
            attribute("href", &format!("./{wasm}")),
            attribute("integrity", &wasm_integrity),
            attribute("rel", "preload"),
            attribute("type", "application/wasm"),
        ],
    );
    Ok(format!("{script_link}{wasm_link}"))
}

/// The page's wasm-bindgen output ending in `suffix` renamed by its content: its new name and
/// its integrity hash.
fn named_by_content(folder: &mut Folder, suffix: &str) -> Result<(String, String), String> {
    let old = format!("{PAGE}{suffix}");
    let bytes = folder
        .bytes(&old)
        .map_err(|e| format!("the page's wasm-bindgen output is not all there: {e}"))?
        .to_vec();
    let hash = integrity(&bytes);
    Ok((folder.rename_by_content(&old, &format!("{PAGE}-"), suffix, bytes), hash))
}

/// A `rel=css` link: the stylesheet minified, named by its content, and linked with its hash.
fn stylesheet(
    path: &str,
    folder: &mut Folder,
    read: &impl Fn(&str) -> Result<Vec<u8>, String>,
) -> Result<String, String> {
    let source = read_file(path, read)?;
    let source = String::from_utf8(source).map_err(|_| format!("{path} is not UTF-8"))?;
    let (name, hash) = put_by_content(folder, path, minified_css(&source).into_bytes())?;
    Ok(element(
        "link",
        vec![
            attribute("href", &format!("./{name}")),
            attribute("integrity", &hash),
            attribute("rel", "stylesheet"),
        ],
    ))
}

/// A `rel=copy-file` link: the file put beside the page under its own name, linked from nowhere
/// (the steps and the page find it by that name).
fn copied(
    path: &str,
    folder: &mut Folder,
    read: &impl Fn(&str) -> Result<Vec<u8>, String>,
) -> Result<String, String> {
    let bytes = read_file(path, read)?;
    let name = Path::new(path)
        .file_name()
        .and_then(|name| name.to_str())
        .ok_or_else(|| format!("index.html copies {path}, which names no file"))?;
    if folder.bytes(name).is_ok() {
        return Err(format!("index.html copies {path} over a file the build already has"));
    }
    folder.put(name, bytes, &[]);
    Ok(String::new())
}

/// A `<script data-trunk src=…>`: the file, unchanged, named by its content; the tag keeps its
/// other attributes (its type, a marker a script looks for) and gains the file's name and hash.
/// Its content and `</script>` follow it in the page as they were.
fn script(
    tag: &StartTag<'_>,
    path: &str,
    folder: &mut Folder,
    read: &impl Fn(&str) -> Result<Vec<u8>, String>,
) -> Result<String, String> {
    let (name, hash) = put_by_content(folder, path, read_file(path, read)?)?;
    let trunks = ["data-trunk", "data-no-minify", "src", "integrity"];
    let mut attributes: Vec<String> = tag
        .attributes
        .iter()
        .filter(|a| !trunks.iter().any(|t| a.name.eq_ignore_ascii_case(t)))
        .map(Attribute::written)
        .collect();
    attributes.push(attribute("src", &format!("./{name}")));
    attributes.push(attribute("integrity", &hash));
    Ok(element(tag.name, attributes))
}

fn read_file(
    path: &str,
    read: &impl Fn(&str) -> Result<Vec<u8>, String>,
) -> Result<Vec<u8>, String> {
    read(path).map_err(|e| format!("index.html links {path}, which cannot be read: {e}"))
}

/// Puts `bytes` in the folder as `<stem>-<hash>.<extension>` of the source's `path`, and returns
/// that name and the bytes' integrity hash.
fn put_by_content(
    folder: &mut Folder,
    path: &str,
    bytes: Vec<u8>,
) -> Result<(String, String), String> {
    let path = Path::new(path);
    let stem = path
        .file_stem()
        .and_then(|stem| stem.to_str())
        .ok_or_else(|| format!("index.html links {}, which names no file", path.display()))?;
    let suffix =
        path.extension().and_then(|e| e.to_str()).map_or(String::new(), |e| format!(".{e}"));
    let name = content_name(&format!("{stem}-"), &bytes, &suffix);
    let hash = integrity(&bytes);
    folder.put(&name, bytes, &[]);
    Ok((name, hash))
}

/// `name=value`, without quotes where the value needs none (as trunk's minifier writes it).
fn attribute(name: &str, value: &str) -> String {
    if bare(value) {
        format!("{name}={value}")
    } else {
        format!("{name}=\"{}\"", escaped(value))
    }
}

/// A start tag with its attributes (each written out) in the order of their names.
fn element(name: &str, mut attributes: Vec<String>) -> String {
    attributes.sort_by_key(|a| a.split('=').next().unwrap_or_default().to_ascii_lowercase());
    let mut tag = format!("<{name}");
    for a in attributes {
        tag.push(' ');
        tag.push_str(&a);
    }
    tag.push('>');
    tag
}

// The HTML shell, minified.

/// What the page's source is made of, as far as minifying it needs to know.
enum Piece<'a> {
    /// Text between tags, whose runs of whitespace a browser reads as one space.
    Text(&'a str),
    /// A comment, which goes.
    Comment,
    /// Written as it is: a doctype, or the content of an element whose whitespace counts or
    /// whose text is not markup (a script, a style, a `<pre>`).
    Verbatim(&'a str),
    Start(StartTag<'a>),
    /// An end tag, by the element's name.
    End(&'a str),
}

struct StartTag<'a> {
    /// The tag as written, `<` to `>`.
    raw: &'a str,
    name: &'a str,
    attributes: Vec<Attribute<'a>>,
    /// Written `<…/>`.
    self_closing: bool,
}

impl<'a> StartTag<'a> {
    fn is_trunks(&self) -> bool {
        self.value("data-trunk").is_some()
    }

    /// The value of the attribute `name` (in any case), read as `markup` reads one: empty for an
    /// attribute without a value.
    fn value(&self, name: &str) -> Option<Cow<'a, str>> {
        let attribute = self.attributes.iter().find(|a| a.name.eq_ignore_ascii_case(name))?;
        Some(decoded(attribute.value.unwrap_or_default()))
    }
}

/// An attribute as written: its name, and its value between its quotes, if any.
struct Attribute<'a> {
    name: &'a str,
    value: Option<&'a str>,
    quote: Option<char>,
}

impl Attribute<'_> {
    /// The attribute, its value byte for byte, quoted only if the value needs it.
    fn written(&self) -> String {
        match (self.value, self.quote) {
            (None, _) => self.name.to_string(),
            (Some(value), Some(quote)) if self.keeps_quotes() => {
                format!("{}={quote}{value}{quote}", self.name)
            }
            (Some(value), _) => format!("{}={value}", self.name),
        }
    }

    /// Whether the value was quoted and needs its quotes.
    fn keeps_quotes(&self) -> bool {
        self.quote.is_some() && !self.value.is_some_and(bare)
    }
}

/// Elements whose content is not minified: text that is not markup, or whose whitespace shows.
const VERBATIM: [&str; 5] = ["script", "style", "pre", "textarea", "title"];

/// Elements that have no content, whose `/>` means nothing and goes.
const VOID: [&str; 13] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

/// Whether an attribute's value may be written without quotes: HTML ends an unquoted value at
/// whitespace or `>` and refuses quotes, `=`, `<` and backticks in one.
fn bare(value: &str) -> bool {
    !value.is_empty() && !value.contains(|c: char| c.is_ascii_whitespace() || "\"'=<>`".contains(c))
}

fn pieces(html: &str) -> Result<Vec<Piece<'_>>, String> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(rest) = html.get(at..).filter(|rest| !rest.is_empty()) {
        let (piece, len) = piece(rest)?;
        at += len;
        let verbatim = match &piece {
            Piece::Start(tag) => {
                let name = tag.name.to_ascii_lowercase();
                VERBATIM.contains(&name.as_str()).then_some(name)
            }
            _ => None,
        };
        found.push(piece);
        if let Some(name) = verbatim {
            let rest = html.get(at..).unwrap_or_default();
            let len = end_tag_at(rest, &name)
                .ok_or_else(|| format!("index.html's <{name}> is never closed"))?;
            if len > 0 {
                found.push(Piece::Verbatim(rest.get(..len).unwrap_or_default()));
            }
            at += len;
        }
    }
    Ok(found)
}

/// The first piece of `rest`, and its length.
fn piece(rest: &str) -> Result<(Piece<'_>, usize), String> {
    let unclosed = || format!("index.html has a tag that never closes: {}", first_line(rest));
    let second = rest.get(1..).and_then(|r| r.chars().next());
    let third = rest.get(2..).and_then(|r| r.chars().next());
    if rest.starts_with("<!--") {
        // From the first dash, so that `<!-->` ends where a browser ends it.
        let len = rest.get(2..).and_then(|r| r.find("-->")).ok_or_else(unclosed)? + 5;
        return Ok((Piece::Comment, len));
    }
    // Text runs to the next markup; a `<` that starts none is text too.
    let text = || {
        let len = markup_at(rest).filter(|&at| at > 0).unwrap_or(rest.len());
        Ok((Piece::Text(rest.get(..len).unwrap_or(rest)), len))
    };
    if !rest.starts_with('<') {
        return text();
    }
    match (second, third) {
        (Some('!' | '?'), _) => {
            let len = rest.find('>').ok_or_else(unclosed)? + 1;
            Ok((Piece::Verbatim(rest.get(..len).unwrap_or(rest)), len))
        }
        (Some('/'), Some(c)) if c.is_ascii_alphabetic() => {
            let len = rest.find('>').ok_or_else(unclosed)? + 1;
            let name = rest.get(2..len - 1).unwrap_or_default();
            let name = name.split(|c: char| c.is_ascii_whitespace() || c == '/').next();
            Ok((Piece::End(name.unwrap_or_default()), len))
        }
        (Some(c), _) if c.is_ascii_alphabetic() => {
            let tag = start_tag(rest).ok_or_else(unclosed)?;
            let len = tag.raw.len();
            Ok((Piece::Start(tag), len))
        }
        _ => text(),
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

/// Where the next tag, comment or declaration starts in `text`.
fn markup_at(text: &str) -> Option<usize> {
    text.match_indices('<').map(|(at, _)| at).find(|&at| {
        let mut after = text.get(at + 1..).unwrap_or_default().chars();
        match after.next() {
            Some('!' | '?') => true,
            Some('/') => after.next().is_some_and(|c| c.is_ascii_alphabetic()),
            Some(c) => c.is_ascii_alphabetic(),
            None => false,
        }
    })
}

/// Where `</name` starts in `text` (in any case, and ending the name), as a browser ends an
/// element whose content it does not read as markup.
fn end_tag_at(text: &str, name: &str) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    let open = format!("</{name}");
    lower.match_indices(&open).map(|(at, _)| at).find(|&at| {
        lower
            .get(at + open.len()..)
            .and_then(|r| r.chars().next())
            .is_some_and(|c| c.is_ascii_whitespace() || c == '/' || c == '>')
    })
}

/// The start tag at the start of `rest` (`<` and a letter), read as a browser reads it: each
/// attribute's value ends at its closing quote, or unquoted at whitespace or `>`. `None` if the
/// tag never closes.
fn start_tag(rest: &str) -> Option<StartTag<'_>> {
    let ends_name = |c: char| c.is_ascii_whitespace() || c == '/' || c == '>';
    let name_end = 1 + rest.get(1..)?.find(ends_name)?;
    let name = rest.get(1..name_end)?;
    let mut attributes = Vec::new();
    let mut at = name_end;
    loop {
        at += leading_whitespace(rest.get(at..)?);
        let tail = rest.get(at..)?;
        if tail.starts_with("/>") || tail.starts_with('>') {
            let self_closing = tail.starts_with('/');
            let end = at + if self_closing { 2 } else { 1 };
            return Some(StartTag { raw: rest.get(..end)?, name, attributes, self_closing });
        }
        if tail.starts_with('/') {
            at += 1;
            continue;
        }
        // An `=` that starts a name is part of it.
        let first = tail.chars().next()?.len_utf8();
        let name_len =
            first + tail.get(first..)?.find(|c: char| ends_name(c) || c == '=').unwrap_or(0);
        let name = tail.get(..name_len)?;
        at += name_len;
        let after_name = at + leading_whitespace(rest.get(at..)?);
        if !rest.get(after_name..)?.starts_with('=') {
            attributes.push(Attribute { name, value: None, quote: None });
            continue;
        }
        at = after_name + 1;
        at += leading_whitespace(rest.get(at..)?);
        let tail = rest.get(at..)?;
        let (value, quote, used) = match tail.chars().next()? {
            quote @ ('"' | '\'') => {
                let close = 1 + tail.get(1..)?.find(quote)?;
                (tail.get(1..close)?, Some(quote), close + 1)
            }
            _ => {
                let end = tail.find(|c: char| c.is_ascii_whitespace() || c == '>')?;
                (tail.get(..end)?, None, end)
            }
        };
        attributes.push(Attribute { name, value: Some(value), quote });
        at += used;
    }
}

fn leading_whitespace(text: &str) -> usize {
    text.len() - text.trim_start_matches(|c: char| c.is_ascii_whitespace()).len()
}

/// The start tag minified: one space between attributes, quotes only where a value needs them,
/// no `/` on an element that has no content.
fn push_start_tag(out: &mut String, tag: &StartTag<'_>) {
    out.push('<');
    out.push_str(tag.name);
    let mut ends_bare = false;
    for a in &tag.attributes {
        ends_bare = a.value.is_some() && !a.keeps_quotes();
        out.push(' ');
        out.push_str(&a.written());
    }
    if tag.self_closing && !VOID.contains(&tag.name.to_ascii_lowercase().as_str()) {
        // An unquoted value would take the `/` as its own last character.
        if ends_bare {
            out.push(' ');
        }
        out.push('/');
    }
    out.push('>');
}

/// Text with each run of whitespace written as one space, and nothing for whitespace alone
/// between two tags. HTML's whitespace is ASCII's: a no-break space is text.
fn push_text(out: &mut String, text: &str) {
    if text.bytes().all(|b| b.is_ascii_whitespace()) {
        return;
    }
    let mut space = out.ends_with(' ');
    for c in text.chars() {
        if c.is_ascii_whitespace() {
            if !space {
                out.push(' ');
            }
            space = true;
        } else {
            out.push(c);
            space = false;
        }
    }
}

// The stylesheet, minified.

/// Punctuation the space beside which means nothing. Not `:`, whose space before it in a
/// selector (`a :hover`) chooses other elements, nor `(`, after `and` in a media query.
const TIGHT: [char; 5] = ['{', '}', ';', ',', '>'];

/// `css` without its comments and the whitespace that means nothing, and without each rule's
/// last `;`. Strings and `url(…)` are written as they are, comments or braces inside them too.
fn minified_css(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    // Whitespace, or a comment, read since the last character written.
    let mut space = false;
    let mut comment = false;
    // The last character written, and whether it was punctuation that takes no space after it.
    let mut last: Option<char> = None;
    let mut last_tight = true;
    let mut rest = css;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("/*") {
            // A comment never closed runs to the end of the sheet.
            let len = rest.get(2..).and_then(|r| r.find("*/")).map_or(rest.len(), |end| end + 4);
            comment = true;
            rest = rest.get(len..).unwrap_or_default();
            continue;
        }
        if c.is_ascii_whitespace() {
            space = true;
            rest = rest.get(1..).unwrap_or_default();
            continue;
        }
        let len = match c {
            '"' | '\'' => string_len(rest),
            // An escaped character is part of a name, whatever it is.
            '\\' => 1 + rest.get(1..).and_then(|r| r.chars().next()).map_or(0, char::len_utf8),
            _ if starts_url(rest) && !(last.is_some_and(name_char) && !space && !comment) => {
                url_len(rest)
            }
            _ => c.len_utf8(),
        };
        let token = rest.get(..len).unwrap_or(rest);
        if TIGHT.contains(&c) {
            if c == '}' && last == Some(';') && last_tight {
                out.pop();
            }
        } else if !last_tight && (space || comment && last.is_some_and(|l| joins(l, c))) {
            out.push(' ');
        }
        out.push_str(token);
        last = token.chars().last();
        last_tight = TIGHT.contains(&c);
        space = false;
        comment = false;
        rest = rest.get(len..).unwrap_or_default();
    }
    out
}

/// Whether `c` can continue a name or a number.
fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_' || !c.is_ascii()
}

/// Whether `before` and `after`, written side by side where a comment stood between them, would
/// read as one token (or open a comment): the comment kept them apart, so a space must.
fn joins(before: char, after: char) -> bool {
    (name_char(before) && (name_char(after) || after == '\\' || after == '%'))
        || (before.is_ascii_digit() && after == '.')
        || (before == '/' && after == '*')
}

/// The length of the string at the start of `rest`, its quotes included: to its closing quote,
/// or, never closed, to the end of its line.
fn string_len(rest: &str) -> usize {
    let mut chars = rest.char_indices();
    let Some((_, quote)) = chars.next() else { return 0 };
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '\n' => return at,
            _ if c == quote => return at + c.len_utf8(),
            _ => {}
        }
    }
    rest.len()
}

fn starts_url(rest: &str) -> bool {
    rest.get(..4).is_some_and(|start| start.eq_ignore_ascii_case("url("))
}

/// The length of the `url(…)` at the start of `rest`, to its `)` outside any string.
fn url_len(rest: &str) -> usize {
    let mut at = 4;
    while let Some(c) = rest.get(at..).and_then(|r| r.chars().next()) {
        match c {
            ')' => return at + 1,
            '"' | '\'' => at += string_len(rest.get(at..).unwrap_or_default()).max(1),
            '\\' => {
                at +=
                    1 + rest.get(at + 1..).and_then(|r| r.chars().next()).map_or(0, char::len_utf8)
            }
            _ => at += c.len_utf8(),
        }
    }
    rest.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared_names::files::{EMBED_PAGE, SAMPLE_RUN_SOURCE};
    use crate::site::markup::{tags, value};

    fn no_files(path: &str) -> Result<Vec<u8>, String> {
        Err(format!("{path}: no such file"))
    }

    fn names(folder: &Folder) -> Vec<&str> {
        folder.names().collect()
    }

    #[test]
    fn the_pages_binary_is_preloaded_under_names_from_its_bytes() {
        let mut folder =
            Folder::of([("crossover.js", &b"glue"[..]), ("crossover_bg.wasm", &b"\0asm"[..])]);
        let source = r#"<head>
            <link data-trunk rel="rust" data-bin="crossover" />
        </head>"#;
        let page = resolve(source, &mut folder, no_files).unwrap();
        let script = content_name("crossover-", b"glue", ".js");
        let wasm = content_name("crossover-", b"\0asm", "_bg.wasm");
        assert_eq!(
            page,
            format!(
                "<head><link crossorigin href=./{script} integrity={} rel=modulepreload>\
                 <link as=fetch crossorigin href=./{wasm} integrity={} rel=preload \
                 type=application/wasm></head>",
                integrity(b"glue"),
                integrity(b"\0asm")
            )
        );
        assert_eq!(names(&folder), [script.as_str(), wasm.as_str()]);
    }

    #[test]
    fn the_workers_link_goes_and_its_files_stay_for_a_later_step() {
        let files = [("crossover-worker.js", &b"w"[..]), ("crossover-worker_bg.wasm", &b"m"[..])];
        let mut folder = Folder::of(files);
        let source = r#"<link data-trunk rel="rust" href="worker/Cargo.toml" data-bin="crossover-worker" data-type="worker" data-loader-shim /><p>x</p>"#;
        assert_eq!(resolve(source, &mut folder, no_files).unwrap(), "<p>x</p>");
        assert_eq!(folder, Folder::of(files));
    }

    #[test]
    fn the_stylesheet_is_minified_and_linked_by_its_hash() {
        let mut folder = Folder::default();
        let read = |path: &str| match path {
            "style/main.css" => Ok(b"/* c */\na {\n  color: red;\n}\n".to_vec()),
            _ => no_files(path),
        };
        let source = r#"<link data-trunk rel="css" href="style/main.css" />"#;
        let page = resolve(source, &mut folder, read).unwrap();
        let name = content_name("main-", b"a{color: red}", ".css");
        assert_eq!(
            page,
            format!(
                "<link href=./{name} integrity={} rel=stylesheet>",
                integrity(b"a{color: red}")
            )
        );
        assert_eq!(folder.text(&name), Ok("a{color: red}"));
        assert_eq!(names(&folder), [name.as_str()]);
    }

    #[test]
    fn a_copied_file_keeps_its_name_and_its_tag_goes() {
        let mut folder = Folder::default();
        let read = |path: &str| match path {
            "tests/data/run.json" => Ok(b"{\"a\": 1}".to_vec()),
            _ => no_files(path),
        };
        let source = r#"<link data-trunk rel="copy-file" href="tests/data/run.json"><b>"#;
        assert_eq!(resolve(source, &mut folder, read).unwrap(), "<b>");
        assert_eq!(folder.text("run.json"), Ok("{\"a\": 1}"));
        let mut taken = Folder::of([("run.json", &b"built"[..])]);
        assert!(resolve(source, &mut taken, read).unwrap_err().contains("tests/data/run.json"));
    }

    #[test]
    fn a_script_is_named_by_its_bytes_and_keeps_its_other_attributes() {
        let mut folder = Folder::default();
        let read = |path: &str| match path {
            "src/boot.js" => Ok(b"// boot\n".to_vec()),
            "src/embed.js" => Ok(b"host()".to_vec()),
            _ => no_files(path),
        };
        let source = r#"<script data-trunk type="module" src="src/boot.js" data-no-minify></script>
            <script data-trunk src="src/embed.js" type="text/plain" data-host-script data-no-minify></script>"#;
        let page = resolve(source, &mut folder, read).unwrap();
        let boot = content_name("boot-", b"// boot\n", ".js");
        let embed = content_name("embed-", b"host()", ".js");
        assert_eq!(
            page,
            format!(
                "<script integrity={} src=./{boot} type=module></script>\
                 <script data-host-script integrity={} src=./{embed} type=text/plain></script>",
                integrity(b"// boot\n"),
                integrity(b"host()")
            )
        );
        assert_eq!(folder.text(&embed), Ok("host()"));
        assert_eq!(names(&folder), [boot.as_str(), embed.as_str()]);
    }

    #[test]
    fn a_tag_this_build_does_not_link_is_refused_by_what_it_says() {
        for tag in [
            r#"<link data-trunk rel="sass" href="style/main.scss">"#,
            r#"<img data-trunk src="a.png">"#,
            r#"<link data-trunk rel="rust" data-bin="other">"#,
            r#"<link data-trunk rel="rust" href="worker/Cargo.toml" data-type="worker" data-bin="other">"#,
            r#"<link data-trunk rel="css" href="a.css" data-target-path="styles">"#,
            r#"<link data-trunk rel="css" href="a.css" data-integrity="sha256">"#,
            r#"<link data-trunk rel="css">"#,
        ] {
            let mut folder = Folder::default();
            let error = resolve(tag, &mut folder, |_| Ok(Vec::new())).unwrap_err();
            assert!(error.contains(tag), "{tag}: {error}");
            assert_eq!(folder, Folder::default());
        }
    }

    #[test]
    fn a_file_that_cannot_be_read_is_refused_by_its_name() {
        let source = r#"<link data-trunk rel="css" href="style/gone.css">"#;
        let error = resolve(source, &mut Folder::default(), no_files).unwrap_err();
        assert!(error.contains("style/gone.css"), "{error}");
        let error = resolve(
            r#"<link data-trunk rel="rust" data-bin="crossover">"#,
            &mut Folder::default(),
            no_files,
        )
        .unwrap_err();
        assert!(error.contains("crossover.js"), "{error}");
    }

    /// The project's index.html, resolved as the release build resolves it, with the project's
    /// own files and stand-ins for the toolchain's.
    fn resolved_index() -> (String, Folder) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let glue = "function __wbg_init() {}\nexport { __wbg_init as default };\n";
        let mut folder = Folder::of([
            ("crossover.js", glue.as_bytes()),
            ("crossover_bg.wasm", &b"\0asm page"[..]),
            ("crossover-worker.js", &b"let wasm_bindgen;\n"[..]),
            ("crossover-worker_bg.wasm", &b"\0asm worker"[..]),
        ]);
        let source = include_str!("../../index.html");
        let page = resolve(source, &mut folder, |path| {
            std::fs::read(root.join(path)).map_err(|e| e.to_string())
        })
        .unwrap();
        (page, folder)
    }

    #[test]
    fn the_projects_index_resolves_to_a_page_the_steps_read() {
        let (page, mut folder) = resolved_index();
        assert!(!page.contains("data-trunk") && !page.contains("<!--"), "{page}");
        // The policy and the icon, to the byte.
        let source = include_str!("../../index.html");
        for start in ["content=\"default-src", "href=\"data:"] {
            let at = source.find(start).unwrap();
            let end = at + start.len() + source[at + start.len()..].find('"').unwrap() + 1;
            assert!(page.contains(&source[at..end]), "{}", &source[at..end]);
        }
        assert!(folder.bytes(SAMPLE_RUN_SOURCE).is_ok());
        assert!(super::super::glue_script::script_name(&page).is_some(), "{page}");
        let page = super::super::prerender::fill_prerendered(&page, "<p>lesson</p>").unwrap();
        let page = super::super::deferred_wasm::defer_wasm_fetch(&page).unwrap();
        let page = super::super::deferred_wasm::name_by_content(&page, &mut folder).unwrap();
        let page = super::super::worker_files::name_by_content(&page, &mut folder).unwrap();
        let page = super::super::boot_script::strip_comments(&page, &mut folder).unwrap();
        let page = super::super::sample_run::name_by_content(&page, &mut folder).unwrap();
        let page = super::super::glue_script::strip_comments(&page, &mut folder).unwrap();
        let page = super::super::one_module::into_start_script(&page, &mut folder).unwrap();
        let drawn = crate::render::sketch::EmbedSketch {
            figure: crate::state::Figure::Timeline,
            width_css: 344,
            theme: "light",
            svg: "<svg></svg>".into(),
        };
        super::super::embed_page::write(&page, "<p>lesson</p>", &[drawn], &mut folder).unwrap();
        let embed = folder.text(EMBED_PAGE).unwrap();
        assert!(
            embed.contains("<meta name=\"crossover-sketches\" content=\"./sketches-"),
            "{embed}"
        );
        assert!(embed.contains("<div id=prerendered></div></body></html>"), "{embed}");
        assert!(embed.contains(" data-host-script integrity=sha384-"), "{embed}");
    }

    #[test]
    fn the_same_source_resolves_to_the_same_page_and_files() {
        assert_eq!(resolved_index(), resolved_index());
    }

    #[test]
    fn the_shell_loses_comments_and_whitespace_but_no_attribute_value_changes() {
        let source = "<!DOCTYPE html>\n<html lang=\"en\">\n  <head>\n    <!-- a <link data-trunk> in a comment -->\n    <meta  charset=\"utf-8\" />\n    <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self';  img-src data:\" />\n    <link rel='icon' href=\"data:image/png;base64,iV+/A==\">\n    <title>  A   title </title>\n  </head>\n  <body>\n    <p class=\"a b\">Some\n      text <b>bold</b>\u{a0}\u{a0}here.</p>\n    <p>1 < 2 &amp;\n 3</p>\n    <pre>  kept\n  as is </pre>\n    <svg><path d=\"M0 0\"/><path d=M1 /></svg>\n    <script>if (a < b && c >  d) {}  </script>\n    <div id=\"prerendered\"></div>\n  </body>\n</html>\n";
        let page = rewritten(source, |tag| Err(tag.raw.to_string())).unwrap();
        assert_eq!(
            page,
            "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>\
             <meta http-equiv=Content-Security-Policy content=\"default-src 'self';  img-src data:\">\
             <link rel=icon href=\"data:image/png;base64,iV+/A==\"><title>  A   title </title></head>\
             <body><p class=\"a b\">Some text <b>bold</b>\u{a0}\u{a0}here.</p><p>1 < 2 &amp; 3</p><pre>  kept\n  as is </pre>\
             <svg><path d=\"M0 0\"/><path d=M1 /></svg><script>if (a < b && c >  d) {}  </script>\
             <div id=prerendered></div></body></html>"
        );
        let (_, _, attributes) = tags(&page, "meta").nth(1).unwrap();
        assert_eq!(value(&attributes, "content"), Some("default-src 'self';  img-src data:"));
    }

    #[test]
    fn an_unclosed_tag_or_comment_is_refused() {
        for source in ["<p>a <!-- open", "<p class=\"a>", "<script>x"] {
            assert!(rewritten(source, |_| Ok(String::new())).is_err(), "{source}");
        }
    }

    #[test]
    fn the_stylesheet_keeps_what_its_whitespace_and_strings_mean() {
        let css = "/* head */\n@media (min-width: 40rem) and (hover: hover) {\n  a :hover ,\n  nav > a::after {\n    content : \"{ } ; /* kept */ , > \" ;\n    background: url( data:image/svg+xml;a,<svg>/* kept */{}</svg> ) , url(\"a b.png\") ;\n    font-family: 'Segoe UI' , sans-serif;\n    margin: 1px/**/2px\t3px;\n  }\n}\n.a\\:b , .c\\ d { width: calc(100% - 2 * 1rem) ; }\n";
        assert_eq!(
            minified_css(css),
            "@media (min-width: 40rem) and (hover: hover){a :hover,nav>a::after{\
             content : \"{ } ; /* kept */ , > \";\
             background: url( data:image/svg+xml;a,<svg>/* kept */{}</svg> ),url(\"a b.png\");\
             font-family: 'Segoe UI',sans-serif;margin: 1px 2px 3px}}\
             .a\\:b,.c\\ d{width: calc(100% - 2 * 1rem)}"
        );
        assert_eq!(minified_css("a/**/.b{}"), "a.b{}");
        assert_eq!(minified_css("a{b:\"open\nc:d}"), "a{b:\"open c:d}");
    }
}
