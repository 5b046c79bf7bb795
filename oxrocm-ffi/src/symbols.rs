//! Reading the committed reference symbol lists (`<crate>/abi/*.symbols`).
//!
//! Format: one symbol per line, optionally followed by a TAB and its ELF version node
//! (and further TAB-separated tags that are informational); `#` starts a comment line.

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    /// ELF version node, e.g. `hip_4.2`; `None` for unversioned libraries.
    pub node: Option<String>,
}

impl Symbol {
    /// C++ (Itanium-mangled) names are exported with `export_name`, not `no_mangle`.
    pub fn is_cxx(&self) -> bool {
        self.name.starts_with("_Z")
    }

    /// Vtables, typeinfo objects and their names are data, not functions.
    pub fn is_data(&self) -> bool {
        ["_ZTV", "_ZTI", "_ZTS", "_ZGV"].iter().any(|p| self.name.starts_with(p))
    }
}

pub fn parse(text: &str) -> Vec<Symbol> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split('\t');
            let name = f.next().unwrap_or_default().trim().to_string();
            let node = f.next().map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
            Symbol { name, node }
        })
        .collect()
}
