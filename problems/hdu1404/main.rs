//! HDU 1404 Digital Deletions: strings of 1 to 6 digits, one a line to the end of input; a
//! move lowers one digit, or erases a 0 and every digit to its right; whoever erases the last
//! digit wins. Print `Yes` if the first player wins, else `No`. Every string of up to six digits
//! is solved at once (`digit_deletions::Table`), the first time one that does not begin with
//! 0 is asked.
use ojlib::games::digit_deletions::{Table, LONGEST};
use ojlib::io::{InputError, Scanner, Writer};

fn main() -> Result<(), InputError> {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut table: Option<Table> = None;
    while let Some(digits) = input.next::<Vec<u8>>()? {
        let wins = if digits.first() == Some(&b'0') && digits.iter().all(u8::is_ascii_digit) {
            Some(true) // erase everything from the first 0
        } else {
            table
                .get_or_insert_with(Table::new)
                .first_player_wins(&digits)
        };
        let wins = wins.ok_or_else(|| {
            let why = format!("expected a string of 1 to {LONGEST} digits");
            input.invalid(&why)
        })?;
        out.line(if wins { "Yes" } else { "No" });
    }
    Ok(())
}
