// HDU 2176 with the usual contest C++ fast I/O: a 64 KiB fread buffer read a byte at a time,
// and a 64 KiB output buffer written with fwrite. Built by `make bench` with g++ -O2.
#include <cstdio>
#include <vector>

static char in[1 << 16];
static size_t in_pos = 0, in_len = 0;

static inline int get() {
    if (in_pos == in_len) {
        in_len = fread(in, 1, sizeof in, stdin);
        in_pos = 0;
        if (in_len == 0) return -1;
    }
    return in[in_pos++];
}

static unsigned long long read_u64() {
    int c = get();
    while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = get();
    unsigned long long x = 0;
    while (c >= '0' && c <= '9') {
        x = x * 10 + (c - '0');
        c = get();
    }
    return x;
}

static char out[1 << 16];
static size_t out_len = 0;

static inline void put(char c) {
    if (out_len == sizeof out) {
        fwrite(out, 1, out_len, stdout);
        out_len = 0;
    }
    out[out_len++] = c;
}

static void put_u64(unsigned long long x) {
    char digits[20];
    int n = 0;
    do {
        digits[n++] = '0' + x % 10;
        x /= 10;
    } while (x);
    while (n) put(digits[--n]);
}

static void put_str(const char *s) {
    while (*s) put(*s++);
}

int main() {
    std::vector<unsigned long long> piles;
    for (;;) {
        size_t m = read_u64();
        if (m == 0) break;
        piles.resize(m);
        unsigned long long sum = 0;
        for (size_t i = 0; i < m; i++) {
            piles[i] = read_u64();
            sum ^= piles[i];
        }
        if (sum == 0) {
            put_str("No\n");
            continue;
        }
        put_str("Yes\n");
        for (size_t i = 0; i < m; i++) {
            if ((piles[i] ^ sum) < piles[i]) {
                put_u64(piles[i]);
                put(' ');
                put_u64(piles[i] ^ sum);
                put('\n');
            }
        }
    }
    fwrite(out, 1, out_len, stdout);
    return 0;
}
