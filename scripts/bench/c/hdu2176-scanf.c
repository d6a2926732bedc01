/* HDU 2176 with scanf and printf, as most C solutions read and write. Built by `make bench`
   with gcc -O2. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    size_t cap = 0;
    unsigned long long *piles = NULL;
    size_t m;
    while (scanf("%zu", &m) == 1 && m != 0) {
        if (m > cap) {
            cap = m;
            piles = realloc(piles, cap * sizeof *piles);
        }
        unsigned long long sum = 0;
        for (size_t i = 0; i < m; i++) {
            scanf("%llu", &piles[i]);
            sum ^= piles[i];
        }
        if (sum == 0) {
            printf("No\n");
            continue;
        }
        printf("Yes\n");
        for (size_t i = 0; i < m; i++)
            if ((piles[i] ^ sum) < piles[i]) printf("%llu %llu\n", piles[i], piles[i] ^ sum);
    }
    free(piles);
    return 0;
}
