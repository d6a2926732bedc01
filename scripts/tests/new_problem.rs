//! `ojgames new` in a temporary copy of the workspace: the new problem is a workspace member with
//! no further edits, its empty sample is flagged and its template judged AC once a sample is pasted, and stress runs on its
//! templates. Existing ids and ids that are not crate names are refused.

mod common;

use std::fs;
use std::process::Command;

use common::{library_workspace, ojgames_in};

#[test]
fn new_problem_is_judged_and_stressed() {
    let ws = library_workspace();
    let root = ws.path();
    let created = ojgames_in(root, &["new", "hdu9999"]);
    assert!(created.success, "{}", created.stderr);

    for file in ["Cargo.toml", "main.rs", "gen.rs", "brute.rs"] {
        assert!(root.join("problems/hdu9999").join(file).is_file(), "{file}");
    }
    for file in ["sample-1.in", "sample-1.out"] {
        let path = root.join("testdata/hdu9999").join(file);
        assert_eq!(fs::read(&path).unwrap(), b"", "{file}");
    }
    let manifest = fs::read_to_string(root.join("problems/hdu9999/Cargo.toml")).unwrap();
    for field in [
        "title",
        "judge = \"HDU\"",
        "url = \"https://acm.hdu.edu.cn/showproblem.php?pid=9999\"",
        "time-limit-ms",
        "memory-limit-kb = 32768",
        "output-limit-kb",
        "compare",
        "float-tolerance",
        "edition = \"2021\"",
    ] {
        assert!(manifest.contains(field), "{field} in\n{manifest}");
    }

    // The workspace glob picks it up.
    let metadata = Command::new(env!("CARGO"))
        .current_dir(root)
        .args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--offline",
        ])
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&metadata.stdout);
    assert!(
        metadata.status.success(),
        "{}",
        String::from_utf8_lossy(&metadata.stderr)
    );
    assert!(listed.contains("\"name\":\"hdu9999\""), "{listed}");

    // The quick try of docs/practice.md: `cargo run -p ID` picks the solution (default-run).
    let tried = Command::new(env!("CARGO"))
        .current_dir(root)
        .args(["run", "-q", "--offline", "-p", "hdu9999"])
        .stdin(fs::File::open(root.join("testdata/hdu9999/sample-1.in")).unwrap())
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap();
    assert!(
        tried.status.success(),
        "{}",
        String::from_utf8_lossy(&tried.stderr)
    );

    // The empty sample pair is flagged, not passed: it proves nothing.
    let judged = ojgames_in(root, &["judge", "hdu9999"]);
    let judged_out = judged.stdout;
    assert_eq!(judged.code, Some(1), "{judged_out}\n{}", judged.stderr);
    assert!(
        judged_out.contains("sample-1             EMPTY"),
        "{judged_out}"
    );
    assert!(judged_out.contains("are both empty"), "{judged_out}");
    assert!(judged_out.contains("0 passed, 1 failed"), "{judged_out}");
    // With the sample pasted, the template (it echoes the piles) is judged AC.
    fs::write(root.join("testdata/hdu9999/sample-1.in"), "2\n3 4\n").unwrap();
    fs::write(root.join("testdata/hdu9999/sample-1.out"), "3 4\n").unwrap();
    let judged = ojgames_in(root, &["judge", "hdu9999"]);
    assert!(judged.success, "{}\n{}", judged.stdout, judged.stderr);
    assert!(
        judged.stdout.contains("1 passed, 0 failed"),
        "{}",
        judged.stdout
    );

    let stressed = ojgames_in(root, &["stress", "hdu9999", "-n", "20"]);
    let stressed_out = stressed.stdout;
    assert!(stressed.success, "{stressed_out}\n{}", stressed.stderr);
    assert!(
        stressed_out.contains("stress hdu9999: 20 cases, 0 failed"),
        "{stressed_out}"
    );
}

#[test]
fn new_refuses_existing_and_invalid_ids() {
    let ws = library_workspace();
    let root = ws.path();
    assert!(ojgames_in(root, &["new", "p1234"]).success);
    let manifest = fs::read_to_string(root.join("problems/p1234/Cargo.toml")).unwrap();
    assert!(manifest.contains("judge = \"Luogu\"") && manifest.contains("edition = \"2024\""));
    fs::write(root.join("problems/p1234/main.rs"), "// mine\n").unwrap();

    let again = ojgames_in(root, &["new", "p1234"]);
    assert_eq!(again.code, Some(2));
    assert!(
        again.stderr.contains("problem `p1234` exists"),
        "{}",
        again.stderr
    );
    assert_eq!(
        fs::read_to_string(root.join("problems/p1234/main.rs")).unwrap(),
        "// mine\n",
        "an existing problem is never overwritten"
    );

    fs::create_dir_all(root.join("testdata/orphan")).unwrap();
    let orphan = ojgames_in(root, &["new", "orphan"]);
    assert_eq!(orphan.code, Some(2));
    assert!(!root.join("problems/orphan").exists());

    for bad in ["1846", "a.b", "fn", "gen", "ojlib", "../escape", "x y"] {
        let refused = ojgames_in(root, &["new", bad]);
        assert_eq!(refused.code, Some(2), "{bad}");
        assert!(
            refused.stderr.contains("not a valid crate name"),
            "{bad}: {}",
            refused.stderr
        );
    }
    assert!(!root.join("escape").exists());
    // A control byte in the id is shown escaped, never raw (it would drive the terminal).
    let bell = ojgames_in(root, &["new", "a\x07b"]);
    assert_eq!(bell.code, Some(2));
    assert!(!bell.stderr.contains('\x07'), "{:?}", bell.stderr);
    assert!(bell.stderr.contains(r"a\u{7}b"), "{}", bell.stderr);
}
