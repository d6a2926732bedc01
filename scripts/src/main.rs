fn main() {
    eprintln!("oj: not built yet");
    std::process::exit(2);
}
