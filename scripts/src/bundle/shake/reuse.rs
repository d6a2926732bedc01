//! What a shake learned, kept for the next bundle that reaches the same items.
//!
//! A crate's shake cuts only its own part of the bundle (the tail from its lints line on); the
//! code before it (the solution, crates shaken before it) matters to the shake only through
//! the names it writes. So a shaken tail is kept under a key of the unshaken tail's text and
//! the names the code before it writes that the tail defines (`names_defined`): an edit of
//! main.rs that writes no new such name, and every other problem that reaches the same items
//! of the same crate version (the tail's text holds the version), gets the same tail without
//! a rustc run. Kept in the user's store (`workspace::shared_store("shake")`), shared by every
//! problem of every workspace on the machine: the key holds everything the shaken tail
//! depends on, the files its lines come from included ([`origins_key`]).
//!
//! Names are not types: the same names used on other types may need an impl the shake cut.
//! Such a reuse is marked speculative, and a bundle built from one that does not compile is
//! built again with a shake of its own (`Options::reshake`).

use std::collections::{BTreeMap, BTreeSet};
use std::hash::{Hash, Hasher};
use std::path::PathBuf;

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::{self, Visit};

use crate::bundle::mapped::Mapped;
use crate::settings::Edition;

#[path = "topup.rs"]
mod topup;

/// Where a [`Store::key`] lists the names: what comes before it is the tail and the salt.
const NAMES: &str = " names ";

/// How many lists of reached names a tail's family keeps for [`Store::load_covered`].
const KEPT_LISTS: usize = 32;

/// What [`Store::load_reached`] found.
pub enum Reused {
    /// A tail to take as it is.
    Whole(Mapped),
    /// A tail shaken for fewer names, which cut a method of one of the `added` names.
    Short {
        shaken: Mapped,
        added: BTreeSet<String>,
    },
}

/// The shared store of shaken tails.
pub struct Store {
    dir: PathBuf,
}

impl Store {
    pub fn new(dir: PathBuf) -> Store {
        Store { dir }
    }

    /// The key of `tail` shaken after `head`; `salt` is what else the shake depends on (the
    /// edition, the tool's build).
    pub fn key(&self, head: &str, tail: &str, salt: &str) -> String {
        let tail_key = super::super::linemap::text_key(tail);
        let defined = self.defined_names(tail, &tail_key);
        let written = names_written(head);
        let reached: Vec<&str> = defined
            .iter()
            .filter(|name| written.contains(*name))
            .map(String::as_str)
            .collect();
        format!("reach {tail_key} {salt}{NAMES}{}", reached.join(" "))
    }

    /// The tail kept under `key`.
    pub fn load(&self, key: &str) -> Option<Mapped> {
        let path = self.path(key, "cache");
        let kept = Mapped::load(key, &path)?;
        crate::workspace::keep_alive(&path);
        Some(kept)
    }

    /// The tail kept under `key` (a [`Store::key`] of `tail`); when none is, the tail kept
    /// for the most of the names it reaches and no other, if it still has every method of
    /// the names added.
    ///
    /// An edit of main.rs that writes one more name the tail defines (`.is_empty()` on the
    /// solution's own `String`, `.count()`) most often reaches nothing the shake cut, yet its
    /// key is new: the tail shaken for a subset of its names is taken instead of a new shake
    /// (tens of rustc runs). Like every reuse it is speculative (the caller's check decides,
    /// and a bundle that does not compile is shaken again), and only names added are allowed,
    /// so the reused tail never keeps what a removed call alone needed. A compile check cannot
    /// see the other way a cut matters: an impl whose method the added name now calls, cut
    /// when nothing called it, leaves another method of that name to answer (`f.get()` taking
    /// `Slow::get` where cargo's build takes `Fast::get`); a fresh shake keeps every impl of a
    /// method called by name, so when a method (a `fn` with `self`) of an added name is cut
    /// the tail is [`Reused::Short`], to be topped up ([`topup`]) before it is taken, and when
    /// an impl that inherits a trait's provided method of an added name is cut, not taken at
    /// all (what a macro's `fn $name` writes is not seen: see docs/bundling.md).
    pub fn load_reached(&self, key: &str, tail: &str) -> Option<Reused> {
        if let Some(exact) = self.load(key) {
            return Some(Reused::Whole(exact));
        }
        let (family, names) = key.split_once(NAMES)?;
        let reached: BTreeSet<&str> = names.split_whitespace().collect();
        let index = std::fs::read_to_string(self.path(family, "reached")).ok()?;
        let (first, kept) = index.split_once('\n')?;
        if first != family {
            return None;
        }
        let subset = kept
            .lines()
            .filter(|line| line.split_whitespace().all(|n| reached.contains(n)))
            .max_by_key(|line| line.split_whitespace().count())?;
        let shaken = self.load(&format!("{family}{NAMES}{subset}"))?;
        let shaken_for: BTreeSet<&str> = subset.split_whitespace().collect();
        let added: BTreeSet<&str> = reached.difference(&shaken_for).copied().collect();
        // An impl that inherits a trait's provided method of an added name (`impl Fast for
        // Foo {}`, review5's finding 6) writes no `fn` the top-up could put back: shaken again.
        if methods_named(&shaken.text, &added, Counting::Inherited)
            != methods_named(tail, &added, Counting::Inherited)
        {
            return None;
        }
        let unshaken = methods_named(tail, &added, Counting::Written);
        if methods_named(&shaken.text, &added, Counting::Written) == unshaken {
            return Some(Reused::Whole(shaken));
        }
        Some(Reused::Short {
            shaken,
            added: added.into_iter().map(str::to_string).collect(),
        })
    }

    /// The shaken tail for `tail` after `head` ([`Store::key`] `key`): the one kept (see
    /// [`Store::load_reached`]), or one kept for fewer names topped up ([`topup`]) and then
    /// kept under `key`; `None` when there is none, or it cannot be topped up.
    pub(super) fn reused_tail(
        &self,
        key: &str,
        head: &Mapped,
        tail: &Mapped,
        lints_line: usize,
        edition: Edition,
        scratch: &std::path::Path,
    ) -> anyhow::Result<Option<Mapped>> {
        let (shaken, added) = match self.load_reached(key, &tail.text) {
            None => return Ok(None),
            Some(Reused::Whole(shaken)) => return Ok(Some(shaken)),
            Some(Reused::Short { shaken, added }) => (shaken, added),
        };
        let judge = super::Judge {
            lints_line,
            edition,
            scratch,
            jobs: 1,
            with_later_crates: super::is_dependency(&head.joined(tail).text, lints_line),
        };
        super::remove_abandoned_state(scratch);
        let topped = topup::top_up(head, tail, &shaken, &added, &judge);
        let _ = std::fs::remove_dir_all(super::incremental_base(scratch));
        let Some(topped) = topped? else {
            return Ok(None);
        };
        let (topped_head, topped_tail) = topped.split_at_line(lints_line);
        if topped_head.text != head.text {
            return Ok(None);
        }
        self.save(key, &topped_tail);
        Ok(Some(topped_tail))
    }

    /// A store that cannot be written only costs time next time.
    pub fn save(&self, key: &str, tail: &Mapped) {
        if std::fs::create_dir_all(&self.dir).is_ok()
            && tail.save(key, &self.path(key, "cache")).is_ok()
        {
            if let Some((family, names)) = key.split_once(NAMES) {
                self.remember(family, names);
            }
        }
    }

    /// Adds `names` to the lists of names the tails of `family` were shaken for (the last
    /// [`KEPT_LISTS`]), which [`Store::load_covered`] reads.
    fn remember(&self, family: &str, names: &str) {
        let path = self.path(family, "reached");
        let saved = std::fs::read_to_string(&path).unwrap_or_default();
        let mut lists: Vec<&str> = match saved.split_once('\n') {
            Some((first, lists)) if first == family => {
                lists.lines().filter(|line| *line != names).collect()
            }
            _ => Vec::new(),
        };
        lists.push(names);
        let start = lists.len().saturating_sub(KEPT_LISTS);
        let mut text = format!("{family}\n");
        for list in &lists[start..] {
            text.push_str(list);
            text.push('\n');
        }
        let _ = crate::files::write_atomically(&path, text);
    }

    /// [`names_defined`] of `tail`, kept beside the shaken tails: parsing a crate's whole text
    /// costs more than the rest of a reuse.
    fn defined_names(&self, tail: &str, tail_key: &str) -> BTreeSet<String> {
        let path = self.path(tail_key, "names");
        if let Ok(saved) = std::fs::read_to_string(&path) {
            if let Some((key, names)) = saved.split_once('\n') {
                if key == tail_key {
                    crate::workspace::keep_alive(&path);
                    return names.split_whitespace().map(str::to_string).collect();
                }
            }
        }
        let names = names_defined(tail);
        if std::fs::create_dir_all(&self.dir).is_ok() {
            let list: Vec<&str> = names.iter().map(String::as_str).collect();
            let text = format!("{tail_key}\n{}\n", list.join(" "));
            let _ = crate::files::write_atomically(&path, text);
        }
        names
    }

    fn path(&self, key: &str, extension: &str) -> PathBuf {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        key.hash(&mut hasher);
        self.dir
            .join(format!("{:016x}.{extension}", hasher.finish()))
    }
}

/// The files `text`'s lines come from, as a key: a tail kept for one workspace carries its
/// line map, so it serves another only when its lines come from the same files (a crate of
/// cargo's registry, the library at the same place in the workspace), not merely the same text.
pub fn origins_key(text: &Mapped) -> String {
    let mut files: Vec<&str> = text.lines.iter().flatten().map(|o| &*o.file).collect();
    files.sort_unstable();
    files.dedup();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    files.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// Every identifier `text` writes (in macro inputs too; not in comments or strings).
pub fn names_written(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    if let Ok(tokens) = text.parse::<TokenStream>() {
        tokens
            .into_iter()
            .for_each(|t| super::idents_of(&t, &mut names));
    }
    names
}

/// How many methods (functions with a `self` receiver, in impls and traits) `text` defines
/// under each of `names`: what a call `x.NAME()` may resolve to. A text that does not parse
/// counts every `fn NAME`.
fn methods_named<'a>(
    text: &str,
    names: &BTreeSet<&'a str>,
    counting: Counting,
) -> BTreeMap<&'a str, usize> {
    let mut counter = MethodCounter {
        names,
        counts: BTreeMap::new(),
        provided: BTreeMap::new(),
        counting,
    };
    match syn::parse_file(text) {
        Ok(file) => {
            counter.provided = super::impls::provided_methods(&file.items);
            counter.visit_file(&file);
        }
        Err(_) => {
            let words = text
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|word| !word.is_empty());
            let mut after_fn = false;
            for word in words {
                if after_fn {
                    counter.count(word);
                }
                after_fn = word == "fn";
            }
        }
    }
    counter.counts
}

struct MethodCounter<'n, 'a> {
    names: &'n BTreeSet<&'a str>,
    counts: BTreeMap<&'a str, usize>,
    /// Each trait's provided methods: an impl that does not write one has it too.
    provided: BTreeMap<String, BTreeSet<String>>,
    counting: Counting,
}

/// What [`methods_named`] counts.
#[derive(Clone, Copy, PartialEq)]
enum Counting {
    /// The methods written (`fn` with `self`, in impls and traits).
    Written,
    /// The impls that take a trait's provided method without writing it, once per method.
    Inherited,
}

impl<'a> MethodCounter<'_, 'a> {
    fn count(&mut self, name: &str) {
        if let Some(&name) = self.names.get(name) {
            *self.counts.entry(name).or_insert(0) += 1;
        }
    }
}

impl<'ast> Visit<'ast> for MethodCounter<'_, '_> {
    fn visit_item_impl(&mut self, block: &'ast syn::ItemImpl) {
        let trait_name = block
            .trait_
            .as_ref()
            .and_then(|(_, path, _)| path.segments.last())
            .map(|segment| segment.ident.to_string());
        if let Some(provided) = trait_name.and_then(|name| self.provided.get(&name)) {
            let written = super::impls::impl_item_names(block, false);
            let inherited: Vec<String> = provided.difference(&written).cloned().collect();
            if self.counting == Counting::Inherited {
                for name in inherited {
                    self.count(&name);
                }
            }
        }
        visit::visit_item_impl(self, block);
    }

    fn visit_impl_item_fn(&mut self, method: &'ast syn::ImplItemFn) {
        if self.counting == Counting::Written && method.sig.receiver().is_some() {
            self.count(&method.sig.ident.to_string());
        }
        visit::visit_impl_item_fn(self, method);
    }

    fn visit_trait_item_fn(&mut self, method: &'ast syn::TraitItemFn) {
        if self.counting == Counting::Written && method.sig.receiver().is_some() {
            self.count(&method.sig.ident.to_string());
        }
        visit::visit_trait_item_fn(self, method);
    }
}

/// The names `text` (items) gives to things code elsewhere can name: items, fields, variants,
/// associated items, macros, renamed imports; for macros, the names after an item keyword in
/// a `macro_rules!` body and every name in an item-level macro call (what they define). A
/// text that does not parse defines every name it writes.
pub fn names_defined(text: &str) -> BTreeSet<String> {
    let Ok(file) = syn::parse_file(text) else {
        return names_written(text);
    };
    let mut definitions = Definitions::default();
    definitions.visit_file(&file);
    let mut names = definitions.names;
    // A macro call's input writes them (`impl_double!(u8, u64)`), but no code defines them.
    names.retain(|name| !NEVER_DEFINED.contains(&name.as_str()));
    names
}

/// Primitive types and keywords: a solution writing one more of them reaches nothing new by
/// name (an impl for a primitive type it now needs makes the reuse fail to compile, and so
/// shaken again).
const NEVER_DEFINED: [&str; 38] = [
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32",
    "f64", "bool", "char", "str", "as", "const", "crate", "dyn", "else", "fn", "for", "if", "impl",
    "in", "let", "match", "mut", "pub", "ref", "return", "self", "Self", "static", "super",
    "where",
];

#[derive(Default)]
struct Definitions {
    names: BTreeSet<String>,
}

impl Definitions {
    fn add(&mut self, ident: &syn::Ident) {
        self.names.insert(ident.to_string());
    }

    fn add_fields(&mut self, fields: &syn::Fields) {
        for field in fields {
            if let Some(ident) = &field.ident {
                self.add(ident);
            }
        }
    }

    /// A `macro_rules!` body: the name after each item keyword, and `$name`s stay inputs.
    fn add_macro_body(&mut self, tokens: TokenStream) {
        let mut after_keyword = false;
        for token in tokens {
            match &token {
                TokenTree::Ident(ident) => {
                    if after_keyword {
                        self.names.insert(ident.to_string());
                    }
                    after_keyword = matches!(
                        ident.to_string().as_str(),
                        "fn" | "struct"
                            | "enum"
                            | "union"
                            | "trait"
                            | "type"
                            | "const"
                            | "static"
                            | "mod"
                            | "macro_rules"
                    );
                }
                TokenTree::Group(group) => {
                    after_keyword = false;
                    self.add_macro_body(group.stream());
                }
                TokenTree::Punct(punct) => {
                    // `macro_rules! name`
                    after_keyword = after_keyword && punct.as_char() == '!';
                }
                TokenTree::Literal(_) => after_keyword = false,
            }
        }
    }
}

impl<'ast> Visit<'ast> for Definitions {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        match item {
            syn::Item::Fn(i) => self.add(&i.sig.ident),
            syn::Item::Const(i) => self.add(&i.ident),
            syn::Item::Static(i) => self.add(&i.ident),
            syn::Item::Type(i) => self.add(&i.ident),
            syn::Item::Trait(i) => self.add(&i.ident),
            syn::Item::TraitAlias(i) => self.add(&i.ident),
            syn::Item::Mod(i) => self.add(&i.ident),
            syn::Item::Struct(i) => {
                self.add(&i.ident);
                self.add_fields(&i.fields);
            }
            syn::Item::Union(i) => {
                self.add(&i.ident);
                self.names.extend(
                    i.fields
                        .named
                        .iter()
                        .filter_map(|f| f.ident.as_ref())
                        .map(ToString::to_string),
                );
            }
            syn::Item::Enum(i) => {
                self.add(&i.ident);
                for variant in &i.variants {
                    self.add(&variant.ident);
                    self.add_fields(&variant.fields);
                }
            }
            syn::Item::Macro(i) => match &i.ident {
                Some(ident) => {
                    self.add(ident);
                    self.add_macro_body(i.mac.tokens.clone());
                }
                None => self.names.extend(names_written(&i.mac.tokens.to_string())),
            },
            syn::Item::ExternCrate(i) => {
                if let Some((_, rename)) = &i.rename {
                    self.add(rename);
                }
            }
            _ => {}
        }
        visit::visit_item(self, item);
    }

    fn visit_use_rename(&mut self, rename: &'ast syn::UseRename) {
        self.add(&rename.rename);
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        match item {
            syn::ImplItem::Fn(i) => self.add(&i.sig.ident),
            syn::ImplItem::Const(i) => self.add(&i.ident),
            syn::ImplItem::Type(i) => self.add(&i.ident),
            _ => {}
        }
        visit::visit_impl_item(self, item);
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        match item {
            syn::TraitItem::Fn(i) => self.add(&i.sig.ident),
            syn::TraitItem::Const(i) => self.add(&i.ident),
            syn::TraitItem::Type(i) => self.add(&i.ident),
            _ => {}
        }
        visit::visit_trait_item(self, item);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_are_items_fields_variants_methods_and_macro_made_names() {
        let names = names_defined(
            "mod m {
                pub struct S { pub field: u8 }
                pub enum E { A(u8), B { inner: u8 } }
                pub trait T { fn required(&self); const C: u8; type Out; }
                impl S { pub fn method(&self) { let local = 1; fn nested() {} } }
                macro_rules! make { ($n:ident) => { fn made() {} struct $n; } }
                make!(Called);
                make!(u8);
                pub use std::fmt::Display as Shown;
                static STATIC: u8 = 0;
            }",
        );
        for name in [
            "m", "S", "field", "E", "A", "B", "inner", "T", "required", "C", "Out", "method",
            "nested", "make", "made", "Called", "Shown", "STATIC",
        ] {
            assert!(names.contains(name), "{name} missing from {names:?}");
        }
        for name in [
            "local", "u8", "self", "std", "fmt", "Display", "n", "ident", "fn",
        ] {
            assert!(!names.contains(name), "{name} is no definition: {names:?}");
        }
    }

    #[test]
    fn the_key_changes_only_with_a_defined_name_the_head_writes() {
        let dir = std::env::temp_dir().join(format!("ojgames-reuse-{}", std::process::id()));
        let store = Store::new(dir.clone());
        let tail = "mod lib { pub fn used() {} pub fn other() {} fn local() { let x = 1; } }";
        let key = |head: &str| store.key(head, tail, "salt");
        let base = key("fn main() { lib::used(); }");
        // A new local, a new function of the solution, a new literal: no name of the tail.
        assert_eq!(
            key("fn main() { lib::used(); let x = 2; fn mine() {} }"),
            base
        );
        // The solution now writes `other`: the shake may have cut it.
        assert_ne!(key("fn main() { lib::used(); lib::other(); }"), base);
        assert_ne!(
            key("fn main() { lib::used(); }"),
            store.key(
                "fn main() { lib::used(); }",
                "mod lib { pub fn used() {} }",
                "salt"
            )
        );
        assert_ne!(
            key("fn main() { lib::used(); }"),
            store.key("fn main() { lib::used(); }", tail, "other salt")
        );
        // Names in comments and strings are not written.
        assert_eq!(
            key("fn main() { lib::used(); /* other */ let _ = \"other\"; }"),
            base
        );
        let _ = std::fs::remove_dir_all(dir);
    }
    #[test]
    fn a_head_that_writes_more_of_the_names_takes_the_tail_shaken_for_fewer() {
        let dir = std::env::temp_dir().join(format!("ojgames-covered-{}", std::process::id()));
        let store = Store::new(dir.clone());
        // `len` is a method the shake kept (another kept item calls it); `other` it cut.
        let tail = "mod lib { pub struct S; impl S { pub fn len(&self) {} } \
                    pub fn used() { S.len() } pub trait T { fn other(&self); } }";
        let reached = |head: &str| store.load_reached(&store.key(head, tail, "salt"), tail);
        let load = |head: &str| match reached(head) {
            Some(Reused::Whole(tail)) => Some(tail),
            _ => None,
        };
        let shaken = Mapped::plain(
            "mod lib { pub struct S; impl S { pub fn len(&self) {} } pub fn used() { S.len() } }",
        );
        store.save(
            &store.key("fn main() { lib::used(); }", tail, "salt"),
            &shaken,
        );
        // One more name of the tail written (on the solution's own type): the same tail.
        let more = load("fn main() { lib::used(); let v = vec![1]; v.len(); }");
        assert_eq!(more.map(|t| t.text), Some(shaken.text.clone()));
        // One more name whose method the shake cut: a fresh shake would keep it (a method
        // called by name may be another impl's than the one left), so the tail is to be
        // topped up with the methods of that name.
        match reached("fn main() { lib::used(); x.other(); }") {
            Some(Reused::Short {
                shaken: short,
                added,
            }) => {
                assert_eq!(short.text, shaken.text);
                assert_eq!(added, BTreeSet::from(["other".to_string()]));
            }
            _ => panic!("no tail to top up"),
        }
        // A name the shaken-for head wrote is gone: no tail (it may keep what only that needed).
        assert!(reached("fn main() { v.len(); }").is_none());
        // Another tail, or another salt, is another family.
        let other_tail = "mod lib { pub fn used() {} pub fn len() {} }";
        let head = "fn main() { lib::used(); v.len(); }";
        assert!(store
            .load_reached(&store.key(head, other_tail, "salt"), other_tail)
            .is_none());
        assert!(store
            .load_reached(&store.key(head, tail, "other salt"), tail)
            .is_none());
        // Of two that fit, the one shaken for the most names (here nothing cut).
        let closer = Mapped::plain(tail);
        store.save(
            &store.key("fn main() { lib::used(); lib::other(); }", tail, "salt"),
            &closer,
        );
        let most = load("fn main() { lib::used(); lib::other(); v.len(); }");
        assert_eq!(most.map(|t| t.text), Some(closer.text));
        let _ = std::fs::remove_dir_all(dir);
    }
}
