//! The buffered writer of answers, and [`Put`]: what it can write.

use super::format::put_u64;
use std::io::{self, Write};

/// The buffer is written out once it holds this many bytes.
const CHUNK: usize = 1 << 16;

/// Room after `CHUNK` for one short piece: a sign, 20 digits and the slack of 8-byte stores.
const ROOM: usize = 32;

/// A buffered writer of answers. Flushes when its buffer is full and when dropped.
pub struct Writer<W: Write> {
    out: W,
    len: usize,
    /// Output not yet written out is `buf[..len]`. An array in the writer itself, so the
    /// compiler sees that bytes stored in it leave `len` alone and keeps `len` in a register
    /// across the pieces of a line.
    buf: [u8; CHUNK + ROOM],
}

impl Writer<io::StdoutLock<'static>> {
    /// A writer to standard output.
    pub fn stdout() -> Self {
        Writer::new(io::stdout().lock())
    }
}

impl<W: Write> Writer<W> {
    pub fn new(out: W) -> Self {
        Writer {
            out,
            len: 0,
            buf: [0; CHUNK + ROOM],
        }
    }

    /// Writes `value`: a number, a string, a tuple or a slice (space-separated).
    pub fn put<T: Put>(&mut self, value: T) -> &mut Self {
        Put::to(&value, self);
        self
    }

    /// Writes `value` and a line end.
    pub fn line<T: Put>(&mut self, value: T) -> &mut Self {
        Put::to(&value, self);
        self.bytes(b"\n")
    }

    /// Writes raw bytes.
    pub fn bytes(&mut self, bytes: &[u8]) -> &mut Self {
        for piece in bytes.chunks(ROOM) {
            self.room();
            self.buf[self.len..self.len + piece.len()].copy_from_slice(piece);
            self.len += piece.len();
        }
        self
    }

    /// Writes an integer given as its sign and magnitude.
    #[inline(always)]
    fn int(&mut self, negative: bool, magnitude: u64) {
        self.room();
        self.buf[self.len] = b'-';
        let at = self.len + usize::from(negative);
        self.len = put_u64(&mut self.buf, at, magnitude);
    }

    /// Makes `ROOM` bytes free after `len`, writing out a full buffer.
    fn room(&mut self) {
        if self.len > CHUNK {
            self.write_out().expect("writing the output failed");
        }
    }

    /// Writes out the buffer and flushes the underlying writer.
    pub fn flush(&mut self) -> io::Result<()> {
        self.write_out()?;
        self.out.flush()
    }

    /// Writes out the buffer, without flushing the underlying writer: when the buffer is full,
    /// standard output would then write its partial last line with a syscall of its own.
    #[cold]
    #[inline(never)]
    fn write_out(&mut self) -> io::Result<()> {
        let len = std::mem::take(&mut self.len);
        self.out.write_all(&self.buf[..len])
    }
}

impl<W: Write> Drop for Writer<W> {
    /// A failed final flush must not pass silently, but a panic while unwinding would abort.
    fn drop(&mut self) {
        if self.flush().is_err() && !std::thread::panicking() {
            panic!("writing the output failed");
        }
    }
}

/// A value the [`Writer`] can write. For a type of your own, write it with the writer's own
/// methods: `fn to<W: Write>(&self, out: &mut Writer<W>) { out.put(self.x).put(' ').put(self.y); }`.
/// The method is `to`, not `put`: `ojgames bundle` keeps every impl of a trait method whose
/// name a method call could reach, and solutions call the writer's `put`.
pub trait Put {
    fn to<W: Write>(&self, out: &mut Writer<W>);
}

impl Put for String {
    fn to<W: Write>(&self, out: &mut Writer<W>) {
        out.bytes(self.as_bytes());
    }
}

impl Put for str {
    fn to<W: Write>(&self, out: &mut Writer<W>) {
        out.bytes(self.as_bytes());
    }
}

impl Put for char {
    fn to<W: Write>(&self, out: &mut Writer<W>) {
        out.bytes(self.encode_utf8(&mut [0; 4]).as_bytes());
    }
}

/// Space-separated. Before the slice's impl, which it calls: `ojgames bundle` tries to cut
/// impls in file order.
impl<T: Put> Put for Vec<T> {
    fn to<W: Write>(&self, out: &mut Writer<W>) {
        <[T]>::to(self, out);
    }
}

/// Space-separated.
impl<T: Put> Put for [T] {
    fn to<W: Write>(&self, out: &mut Writer<W>) {
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                out.bytes(b" ");
            }
            T::to(item, out);
        }
    }
}

/// Space-separated, as `(a, (b, c))`, which writes the same: longer tuples cost a bundle a
/// few lines each, and only when it writes them. The impls come before those they call, in
/// the order `ojgames bundle` tries to cut them.
impl<A: Put, B: Put, C: Put, D: Put> Put for (A, B, C, D) {
    fn to<W: Write>(&self, out: &mut Writer<W>) {
        <(&A, (&B, &C, &D))>::to(&(&self.0, (&self.1, &self.2, &self.3)), out);
    }
}

impl<A: Put, B: Put, C: Put> Put for (A, B, C) {
    fn to<W: Write>(&self, out: &mut Writer<W>) {
        <(&A, (&B, &C))>::to(&(&self.0, (&self.1, &self.2)), out);
    }
}

impl<A: Put, B: Put> Put for (A, B) {
    fn to<W: Write>(&self, out: &mut Writer<W>) {
        A::to(&self.0, out);
        out.bytes(b" ");
        B::to(&self.1, out);
    }
}

impl<T: Put + ?Sized> Put for &T {
    fn to<W: Write>(&self, out: &mut Writer<W>) {
        T::to(self, out);
    }
}

/// Called with the types problems use most first, together: `ojgames bundle` cuts the
/// others in fewer tries.
macro_rules! int_put {
    ($($t:ident)*) => {$(
        impl Put for $t {
            fn to<W: Write>(&self, out: &mut Writer<W>) {
                let value = *self as i128;
                out.int(value < 0, value.unsigned_abs() as u64);
            }
        }
    )*};
}
int_put!(u64 usize u32 i64 i32 u8 u16 i8 i16 isize);
