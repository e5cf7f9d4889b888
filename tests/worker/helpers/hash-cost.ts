/** scrypt at a test's cost: ~1 ms instead of ~140 ms per hash (production: N=2^14, r=8, p=5). */
export const TEST_HASH_COST = { N: 2 ** 10, r: 8, p: 1 };
