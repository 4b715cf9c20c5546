//! The README's table of URL parameters is generated from the parameter table itself, so the
//! documentation cannot drift from the code. Run with `UPDATE_README=1` to rewrite it.

use crossover::format::trimmed;
use crossover::state::{Param, Scale};

const START: &str = "<!-- url-parameters:start -->";
const END: &str = "<!-- url-parameters:end -->";

fn table() -> String {
    let mut out = String::from(
        "| key | what | unit | default | range | slider |\n|---|---|---|---|---|---|\n",
    );
    for param in Param::ALL {
        let s = param.spec();
        let n = |x: f64| trimmed(x, s.decimals.max(0) as usize);
        let scale = match s.scale {
            Scale::Log => "log",
            Scale::Linear => "linear",
        };
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} to {} | {} |\n",
            s.key,
            s.label,
            s.unit,
            n(s.default),
            n(s.min),
            n(s.max),
            scale
        ));
    }
    out
}

#[test]
fn readme_lists_every_url_parameter() {
    let readme = std::fs::read_to_string("README.md").expect("README.md at the crate root");
    let (Some(a), Some(b)) = (readme.find(START), readme.find(END)) else {
        panic!("README.md needs the markers {START} and {END}");
    };
    let current = &readme[a + START.len()..b];
    let wanted = format!("\n{}", table());
    if std::env::var_os("UPDATE_README").is_some() {
        let updated = format!("{}{}{}{}", &readme[..a], START, wanted, &readme[b..]);
        std::fs::write("README.md", updated).expect("README.md is writable");
        return;
    }
    assert_eq!(current, wanted, "README's URL parameter table is stale: run UPDATE_README=1 cargo test --test readme_params");
}
