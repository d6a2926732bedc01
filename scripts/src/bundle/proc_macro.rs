//! What a refusal of a proc-macro crate says: the names the crate defines, and the line of
//! the problem's code that uses one of them (the way out is to drop that use). And the two
//! proc macros of proconio that are not refused where proconio is pasted: `#[fastout]` and
//! `#[derive_readable]` are written out as the plain Rust they expand to.

use std::ops::Range;
use std::path::Path;

use anyhow::{bail, Result};
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{Attribute, Fields, Item, ItemFn, ItemStruct, ItemUse, Meta, UseTree};

use super::edits::Edits;
use super::source::byte_range;

/// Who pulls a proc-macro crate into a problem's build.
pub enum PulledBy {
    /// The problem's own Cargo.toml.
    Problem,
    /// A crate (by name) with these features of it enabled (`proconio` with `derive`).
    Features(String, Vec<String>),
    /// A crate (by name) that always depends on it.
    Crate(String),
}

/// A refused proc-macro crate, for its message.
pub struct Refused<'a> {
    /// The problem's Cargo.toml as shown to the user (`problems/p/Cargo.toml`, or
    /// `Cargo.toml` in a cargo-compete package).
    pub manifest: &'a str,
    /// As code names it (`proconio_derive`).
    pub crate_name: &'a str,
    /// Package name and version (`proconio-derive v0.2.1`).
    pub label: &'a str,
    pub pulled_by: PulledBy,
    /// The problem's main.rs as shown to the user.
    pub main: &'a str,
    /// The line of main.rs that uses the crate and its code.
    pub used_at: Option<(usize, String)>,
}

/// What pulls the crate in, why it cannot be bundled, the line using it, and the way out.
pub fn refusal(refused: &Refused) -> String {
    let Refused {
        manifest,
        crate_name,
        label,
        main,
        ..
    } = refused;
    let what = format!("`{crate_name}`, a proc-macro crate ({label}): its code runs inside the compiler while building, so it cannot be pasted into a bundle");
    let (cause, drop) = match &refused.pulled_by {
        PulledBy::Problem => (
            format!("{manifest} depends on crate {what}"),
            format!("the dependency `{crate_name}`"),
        ),
        PulledBy::Crate(parent) => (
            format!("{manifest}: crate `{parent}` depends on {what}"),
            format!("the dependency on `{parent}`"),
        ),
        PulledBy::Features(parent, features) => {
            let noun = if features.len() == 1 {
                "feature"
            } else {
                "features"
            };
            let list: Vec<String> = features.iter().map(|f| format!("`{f}`")).collect();
            let list = list.join(", ");
            (
                format!("{manifest}: `{parent}` with {noun} {list} pulls in {what}"),
                format!("the {noun} {list}"),
            )
        }
    };
    match &refused.used_at {
        Some((line, code)) => {
            format!("{cause}.\n`{code}` at {main}:{line} uses it: drop that and {drop} to bundle")
        }
        None => format!("{cause}.\nNothing in {main} uses it: drop {drop} to bundle"),
    }
}

/// How a proc macro is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MacroKind {
    /// `name!(…)`.
    Bang,
    /// `#[name]` on an item.
    Attribute,
    /// `#[derive(Name)]`.
    Derive,
}

/// The macros a proc-macro crate defines: `#[proc_macro]` and `#[proc_macro_attribute]`
/// functions by their names, `#[proc_macro_derive(Name)]` by the derive's name. Empty when
/// its source does not parse.
pub fn defined_macros(entry: &Path) -> Vec<(String, MacroKind)> {
    let Some(file) = std::fs::read_to_string(entry)
        .ok()
        .and_then(|text| syn::parse_file(&text).ok())
    else {
        return Vec::new();
    };
    let mut macros = Vec::new();
    for item in &file.items {
        let Item::Fn(function) = item else { continue };
        for attr in &function.attrs {
            if let Some(found) = macro_of(attr, &function.sig.ident.to_string()) {
                macros.push(found);
            }
        }
    }
    macros
}

/// proconio's macros that a bundle writes out as plain Rust instead of refusing them.
const EXPANDED: [&str; 2] = ["fastout", "derive_readable"];

/// The macros of proc-macro package `package` (its Cargo name) that a use of refuses:
/// [`defined_macros`] but proconio-derive's `fastout` and `derive_readable`, which
/// [`expand_proconio`] writes out.
pub fn refused_macros(package: &str, entry: &Path) -> Vec<(String, MacroKind)> {
    let mut macros = defined_macros(entry);
    if package == "proconio-derive" {
        macros.retain(|(name, _)| !EXPANDED.contains(&name.as_str()));
    }
    macros
}

/// Where proconio is pasted (a std-only judge, or a version the judge does not pin), its
/// attribute macros become the plain Rust they expand to, by edits that keep the user's text:
/// - `#[fastout]` on a function: its body runs with `print!`/`println!` writing to one
///   buffered stdout, flushed when the body's value is returned, and by the buffer's drop on
///   an early `return` and while a panic unwinds (what proconio-derive's expansion does). A
///   closure in it calling `print!`/`println!` is refused, as proconio refuses it.
/// - `#[derive_readable]` on a struct: each field's type `T` becomes `<T as Readable>::Output`
///   and an `impl Readable` reads the fields in order (proconio's `source::Readable`, the same
///   trait in 0.4, 0.5 and 0.6).
/// - their imports (`use proconio::{fastout, input};`) lose those names.
///
/// `proconio`: the pasted crate's path in the bundle (`crate::proconio`); `rename`: the
/// bundle path of a crate the code names, for the field types copied into the impl.
pub fn expand_proconio(
    file: &syn::File,
    text: &str,
    display: &str,
    proconio: &str,
    rename: &dyn Fn(&str) -> Option<String>,
    edits: &mut Edits,
) -> Result<()> {
    let mut expander = Expander {
        text,
        display,
        proconio,
        rename,
        edits,
        error: None,
    };
    expander.visit_file(file);
    match expander.error {
        Some(error) => bail!(error),
        None => Ok(()),
    }
}

struct Expander<'a> {
    text: &'a str,
    display: &'a str,
    proconio: &'a str,
    rename: &'a dyn Fn(&str) -> Option<String>,
    edits: &'a mut Edits,
    error: Option<String>,
}

/// Whether `attr` is `#[name]`, `#[proconio::name]` or `#[proconio_derive::name]`.
fn is_proconio_attr(attr: &Attribute, name: &str) -> bool {
    let Meta::Path(path) = &attr.meta else {
        return false;
    };
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    match segments.as_slice() {
        [only] => only == name,
        [krate, last] => last == name && (krate == "proconio" || krate == "proconio_derive"),
        _ => false,
    }
}

impl Expander<'_> {
    fn line_of(&self, offset: usize) -> usize {
        self.text[..offset].matches('\n').count() + 1
    }

    fn fastout(&mut self, function: &ItemFn) {
        let mut printing = PrintInClosure(None);
        printing.visit_block(&function.block);
        if let Some(at) = printing.0 {
            self.error.get_or_insert(format!(
                "{}:{}: a closure in the #[fastout] function `{}` calls `print!` or `println!`: proconio refuses that (the closure could run on another thread, where the function's buffered stdout cannot go), so the cargo build fails too; print outside the closure, or call a function that prints",
                self.display,
                self.line_of(at),
                function.sig.ident
            ));
            return;
        }
        let open = byte_range(function.block.brace_token.span.open()).end;
        let close = byte_range(function.block.brace_token.span.close()).start;
        // `print!`/`println!` in the body are these macros, writing to the buffer.
        let print = |name: &str, write: &str| {
            format!("#[allow(unused_macros)] macro_rules! {name} {{ ($($arg:tt)*) => {{{{ use ::std::io::Write as _; ::std::{write}!(__fastout_stdout, $($arg)*).unwrap(); }}}}; }} ")
        };
        self.edits.insert(
            open,
            format!(
                " let mut __fastout_stdout = ::std::io::BufWriter::new(::std::io::stdout().lock()); {}{}let __fastout_value = {{",
                print("print", "write"),
                print("println", "writeln")
            ),
        );
        self.edits.insert(
            close,
            "}; ::std::io::Write::flush(&mut __fastout_stdout).unwrap(); __fastout_value ",
        );
    }

    fn derive_readable(&mut self, item: &ItemStruct) {
        let readable = format!("{}::source::Readable", self.proconio);
        let name = item.ident.to_string();
        let mut reads = String::new();
        let mut names = Vec::new();
        for (index, field) in item.fields.iter().enumerate() {
            let range = byte_range(field.ty.span());
            let ty = self.copied_type(&field.ty, range.clone());
            self.edits.insert_before(range.start, "<");
            self.edits
                .insert(range.end, format!(" as {readable}>::Output"));
            let local = match &field.ident {
                Some(ident) => ident.to_string(),
                None => format!("field{index}"),
            };
            reads.push_str(&format!(
                "let {local} = <{ty} as {readable}>::read(__source); "
            ));
            names.push(local);
        }
        let build = match &item.fields {
            Fields::Named(_) => format!("{name} {{ {} }}", names.join(", ")),
            Fields::Unnamed(_) => format!("{name}({})", names.join(", ")),
            Fields::Unit => name.clone(),
        };
        let end = byte_range(item.span()).end;
        self.edits.insert(
            end,
            format!(
                "\nimpl {readable} for {name} {{ type Output = {name}; fn read<__R: ::std::io::BufRead, __S: {}::source::Source<__R>>(__source: &mut __S) -> {name} {{ {reads}{build} }} }}",
                self.proconio
            ),
        );
    }

    /// The text of a field's type for the impl, a crate it names by its bundle path.
    fn copied_type(&self, ty: &syn::Type, range: Range<usize>) -> String {
        let mut firsts = FirstSegments(Vec::new());
        firsts.visit_type(ty);
        let mut out = String::new();
        let mut at = range.start;
        for (segment, name) in firsts.0 {
            if let Some(path) = (self.rename)(&name) {
                out.push_str(&self.text[at..segment.start]);
                out.push_str(&path);
                at = segment.end;
            }
        }
        out.push_str(&self.text[at..range.end]);
        out
    }

    /// Deletes `fastout`/`derive_readable` from a `use` of proconio or proconio_derive.
    fn strip_use(&mut self, item: &ItemUse) {
        let UseTree::Path(path) = &item.tree else {
            return;
        };
        let krate = path.ident.to_string();
        if krate != "proconio" && krate != "proconio_derive" {
            return;
        }
        match &*path.tree {
            UseTree::Name(name) if EXPANDED.contains(&name.ident.to_string().as_str()) => {
                self.edits.delete(self.text, byte_range(item.span()));
            }
            UseTree::Group(group) => {
                for pair in group.items.pairs() {
                    let UseTree::Name(name) = pair.value() else {
                        continue;
                    };
                    if !EXPANDED.contains(&name.ident.to_string().as_str()) {
                        continue;
                    }
                    let start = byte_range(name.span()).start;
                    let end = match pair.punct() {
                        // The comma and the space after it.
                        Some(comma) => {
                            let end = byte_range(comma.span).end;
                            end + self.text[end..].len() - self.text[end..].trim_start().len()
                        }
                        None => byte_range(name.span()).end,
                    };
                    self.edits.replace(start..end, "");
                }
            }
            _ => {}
        }
    }
}

impl<'ast> Visit<'ast> for Expander<'_> {
    fn visit_item_fn(&mut self, function: &'ast ItemFn) {
        if let Some(attr) = function
            .attrs
            .iter()
            .find(|a| is_proconio_attr(a, "fastout"))
        {
            self.edits.delete(self.text, byte_range(attr.span()));
            self.fastout(function);
        }
        visit::visit_item_fn(self, function);
    }

    fn visit_item_struct(&mut self, item: &'ast ItemStruct) {
        if let Some(attr) = item
            .attrs
            .iter()
            .find(|a| is_proconio_attr(a, "derive_readable"))
        {
            self.edits.delete(self.text, byte_range(attr.span()));
            self.derive_readable(item);
        }
        visit::visit_item_struct(self, item);
    }

    fn visit_item_use(&mut self, item: &'ast ItemUse) {
        self.strip_use(item);
    }
}

/// The offset of the first `print!`/`println!` inside a closure.
struct PrintInClosure(Option<usize>);

impl<'ast> Visit<'ast> for PrintInClosure {
    fn visit_expr_closure(&mut self, closure: &'ast syn::ExprClosure) {
        let mut calls = PrintCall(None);
        calls.visit_expr_closure(closure);
        if self.0.is_none() {
            self.0 = calls.0;
        }
    }
}

struct PrintCall(Option<usize>);

impl<'ast> Visit<'ast> for PrintCall {
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let is_print = mac.path.is_ident("print") || mac.path.is_ident("println");
        if is_print && self.0.is_none() {
            self.0 = Some(byte_range(mac.span()).start);
        }
        visit::visit_macro(self, mac);
    }
}

/// The first segment of each plain path in a type (`proconio::marker::Usize1`: `proconio`),
/// with its range.
struct FirstSegments(Vec<(Range<usize>, String)>);

impl<'ast> Visit<'ast> for FirstSegments {
    fn visit_type_path(&mut self, path: &'ast syn::TypePath) {
        if path.qself.is_none() && path.path.leading_colon.is_none() && path.path.segments.len() > 1
        {
            let first = &path.path.segments[0].ident;
            self.0.push((byte_range(first.span()), first.to_string()));
        }
        visit::visit_type_path(self, path);
    }
}

fn macro_of(attr: &Attribute, function: &str) -> Option<(String, MacroKind)> {
    let path = attr.path();
    if path.is_ident("proc_macro") {
        return Some((function.to_string(), MacroKind::Bang));
    }
    if path.is_ident("proc_macro_attribute") {
        return Some((function.to_string(), MacroKind::Attribute));
    }
    if !path.is_ident("proc_macro_derive") {
        return None;
    }
    let Meta::List(list) = &attr.meta else {
        return None;
    };
    let first = list.tokens.clone().into_iter().next()?;
    Some((first.to_string(), MacroKind::Derive))
}

/// The first line of `text` that uses one of `macros` as its kind is called (`#[fastout]`,
/// `#[derive(…, Name)]`, `name!`), as (1-based line, trimmed code); else the first `use`
/// line that imports one of them from one of `crates` (the proc-macro crate, or the crate
/// re-exporting it). A `From` derive does not make `impl From` a use; nor does a call of a
/// name the file imports from other crates only (`use thiserror::Error;` makes
/// `#[derive(Error)]` thiserror's, not amplify_derive's `Error`), nor a call by a path that
/// starts at another crate (`#[derive(thiserror::Error)]`).
pub fn first_use_of(
    text: &str,
    macros: &[(String, MacroKind)],
    crates: &[String],
) -> Option<(usize, String)> {
    let elsewhere = imported_elsewhere(text, crates);
    // Whether a call by `path` (a bare name, or a path) can be the crate's macro `name`.
    let ours = |path: &str, name: &str| {
        let path: String = path.chars().filter(|c| !c.is_whitespace()).collect();
        let mut segments = path.trim_start_matches("::").split("::");
        let first = segments.next().unwrap_or("");
        match segments.next() {
            None => !elsewhere.contains(name),
            Some(_) => crates.iter().any(|c| c == first),
        }
    };
    let lines = || {
        text.lines()
            .enumerate()
            .map(|(index, line)| (index, line, line.split("//").next().unwrap_or("")))
    };
    let found = |index: usize, line: &str| Some((index + 1, line.trim().to_string()));
    for (index, line, code) in lines() {
        let calls = macros.iter().any(|(name, kind)| match kind {
            MacroKind::Bang => followed_by_bang(code, name),
            MacroKind::Attribute => code
                .split("#[")
                .skip(1)
                .any(|attr| attribute_path_ends_with(attr, name) && ours(attr_path(attr), name)),
            MacroKind::Derive => code.split("derive(").skip(1).any(|list| {
                list.split(')')
                    .next()
                    .unwrap_or("")
                    .split(',')
                    .any(|entry| has_word(entry, name) && ours(entry, name))
            }),
        });
        if calls {
            return found(index, line);
        }
    }
    for (index, line, code) in lines() {
        let trimmed = code.trim_start();
        let is_use = trimmed.starts_with("use ") || trimmed.starts_with("pub use ");
        if is_use
            && crates.iter().any(|c| has_word(code, c))
            && macros.iter().any(|(name, _)| has_word(code, name))
        {
            return found(index, line);
        }
    }
    None
}

/// The names `text`'s `use` items bind from crates other than `crates` and never from one of
/// them (`use thiserror::Error;` binds `Error` from thiserror), by the name they bind (an
/// `as` rename's). Empty when `text` does not parse.
fn imported_elsewhere(text: &str, crates: &[String]) -> std::collections::BTreeSet<String> {
    struct Imports<'a> {
        crates: &'a [String],
        elsewhere: std::collections::BTreeSet<String>,
        ours: std::collections::BTreeSet<String>,
    }
    fn leaves(tree: &UseTree, root: Option<&str>, found: &mut Vec<(String, String)>) {
        match tree {
            UseTree::Path(path) => {
                let segment = path.ident.to_string();
                leaves(&path.tree, Some(root.unwrap_or(&segment)), found);
            }
            UseTree::Name(name) => {
                if let Some(root) = root {
                    found.push((root.to_string(), name.ident.to_string()));
                }
            }
            UseTree::Rename(rename) => {
                if let Some(root) = root {
                    found.push((root.to_string(), rename.rename.to_string()));
                }
            }
            UseTree::Group(group) => {
                for tree in &group.items {
                    leaves(tree, root, found);
                }
            }
            UseTree::Glob(_) => {}
        }
    }
    impl<'ast> Visit<'ast> for Imports<'_> {
        fn visit_item_use(&mut self, item: &'ast ItemUse) {
            let mut found = Vec::new();
            leaves(&item.tree, None, &mut found);
            for (root, name) in found {
                if self.crates.contains(&root) {
                    self.ours.insert(name);
                } else {
                    self.elsewhere.insert(name);
                }
            }
        }
    }
    let Ok(file) = syn::parse_file(text) else {
        return Default::default();
    };
    let mut imports = Imports {
        crates,
        elsewhere: Default::default(),
        ours: Default::default(),
    };
    imports.visit_file(&file);
    let Imports {
        elsewhere, ours, ..
    } = imports;
    elsewhere.difference(&ours).cloned().collect()
}

/// The path an attribute's text after `#[` starts with (`proconio::fastout` of
/// `proconio::fastout] fn main`).
fn attr_path(attr: &str) -> &str {
    let end = attr
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':' || c.is_whitespace()))
        .unwrap_or(attr.len());
    &attr[..end]
}

/// Whether `name!` is called in `code` (also as `path::name!`).
fn followed_by_bang(code: &str, name: &str) -> bool {
    word_positions(code, name).any(|end| code[end..].trim_start().starts_with('!'))
}

/// Whether the attribute text after `#[` has a path ending in `name` (`fastout`,
/// `proconio::fastout`).
fn attribute_path_ends_with(attr: &str, name: &str) -> bool {
    let path: String = attr
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':' || c.is_whitespace())
        .filter(|c| !c.is_whitespace())
        .collect();
    path.rsplit("::").next() == Some(name)
}

/// The byte offsets just after each whole-identifier occurrence of `word` in `code`.
fn word_positions<'a>(code: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(word).filter_map(move |(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + word.len()..].chars().next();
        (!before.is_some_and(is_ident) && !after.is_some_and(is_ident)).then_some(at + word.len())
    })
}

/// Whether `word` stands in `code` as a whole identifier.
fn has_word(code: &str, word: &str) -> bool {
    word_positions(code, word).next().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_says_what_pulls_the_crate_in_where_it_is_used_and_what_to_drop() {
        let mut refused = Refused {
            manifest: "problems/p/Cargo.toml",
            crate_name: "pm",
            label: "pm v1.0.0",
            pulled_by: PulledBy::Features("host".into(), vec!["a".into(), "b".into()]),
            main: "problems/p/main.rs",
            used_at: Some((3, "#[attr]".into())),
        };
        let message = refusal(&refused);
        assert!(message.starts_with("problems/p/Cargo.toml: `host` with features `a`, `b` pulls in `pm`, a proc-macro crate (pm v1.0.0): "), "{message}");
        assert!(message.ends_with(".\n`#[attr]` at problems/p/main.rs:3 uses it: drop that and the features `a`, `b` to bundle"), "{message}");
        refused.pulled_by = PulledBy::Crate("host".into());
        refused.used_at = None;
        let message = refusal(&refused);
        assert!(
            message.starts_with("problems/p/Cargo.toml: crate `host` depends on `pm`"),
            "{message}"
        );
        assert!(
            message.ends_with(
                "Nothing in problems/p/main.rs uses it: drop the dependency on `host` to bundle"
            ),
            "{message}"
        );
    }

    #[test]
    fn a_use_is_a_call_of_the_macro_as_its_kind_is_called_or_an_import_from_its_crate() {
        let crates = vec!["proconio".to_string(), "proconio_derive".to_string()];
        let fastout = vec![("fastout".to_string(), MacroKind::Attribute)];
        let text = "use proconio::{fastout, input};\n// #[fastout] in a comment\n\n#[fastout]\nfn main() {}\n";
        assert_eq!(
            first_use_of(text, &fastout, &crates),
            Some((4, "#[fastout]".to_string()))
        );
        assert_eq!(
            first_use_of("#[proconio::fastout]\nfn main() {}\n", &fastout, &crates),
            Some((1, "#[proconio::fastout]".to_string()))
        );
        assert_eq!(
            first_use_of("use proconio::fastout;\n", &fastout, &crates),
            Some((1, "use proconio::fastout;".to_string()))
        );
        assert_eq!(
            first_use_of("fn fastout_not() {}\n", &fastout, &crates),
            None
        );
        assert_eq!(
            first_use_of("use other::fastout;\n", &fastout, &crates),
            None
        );
        // amplify_derive's `From` derive: `impl From` and `T::from` are no uses of it.
        let derive = vec![("From".to_string(), MacroKind::Derive)];
        let amplify = vec!["amplify".to_string()];
        let text = "use std::convert::From;\nimpl From<u8> for A { }\n";
        assert_eq!(first_use_of(text, &derive, &amplify), None);
        assert_eq!(
            first_use_of("#[derive(Debug, From)]\nstruct A;\n", &derive, &amplify),
            Some((1, "#[derive(Debug, From)]".to_string()))
        );
        // thiserror's `Error` beside amplify: a derive the file imports from another crate
        // only, or names by another crate's path, is not amplify_derive's.
        let error = vec![("Error".to_string(), MacroKind::Derive)];
        let text = "use thiserror::Error;\n\n#[derive(Debug, Error)]\nenum E { A }\n";
        assert_eq!(first_use_of(text, &error, &amplify), None);
        let text = "use std::fmt;\n#[derive(Debug, thiserror::Error)]\nenum E { A }\n";
        assert_eq!(first_use_of(text, &error, &amplify), None);
        let text = "use thiserror::Error;\n#[derive(amplify::Error)]\nenum E { A }\n";
        assert_eq!(
            first_use_of(text, &error, &amplify),
            Some((2, "#[derive(amplify::Error)]".to_string()))
        );
        let text = "use thiserror::Error as ThisError;\nuse amplify::Error;\n#[derive(Error, ThisError)]\nenum E { A }\n";
        assert_eq!(
            first_use_of(text, &error, &amplify),
            Some((3, "#[derive(Error, ThisError)]".to_string()))
        );
        let attr = vec![("ext".to_string(), MacroKind::Attribute)];
        let easy = vec!["easy_ext".to_string()];
        assert_eq!(
            first_use_of(
                "use other::ext;\n#[ext(I64Ext)]\nimpl i64 {}\n",
                &attr,
                &easy
            ),
            None
        );
        assert_eq!(
            first_use_of(
                "use easy_ext::ext;\n#[ext(I64Ext)]\nimpl i64 {}\n",
                &attr,
                &easy
            ),
            Some((2, "#[ext(I64Ext)]".to_string()))
        );
        assert_eq!(
            first_use_of("#[easy_ext::ext(I64Ext)]\nimpl i64 {}\n", &attr, &easy),
            Some((1, "#[easy_ext::ext(I64Ext)]".to_string()))
        );
        let bang = vec![("html".to_string(), MacroKind::Bang)];
        assert_eq!(first_use_of("let html = 1;\n", &bang, &amplify), None);
        assert_eq!(
            first_use_of("  let x = html ! { };\n", &bang, &amplify),
            Some((1, "let x = html ! { };".to_string()))
        );
    }
}
