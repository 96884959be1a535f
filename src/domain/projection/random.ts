/**
 * A seeded random source: xoshiro128** (Blackman and Vigna), its state drawn from the seed by a
 * Weyl sequence through MurmurHash3's 32-bit finaliser (`seedSequence`). The same
 * seed gives the same numbers in every JavaScript engine (32-bit integer arithmetic only, through
 * Math.imul and unsigned shifts), so a projection run in the browser and on the server draws the
 * same paths. Not for anything secret.
 */
export type Random = {
  /** Uniform on [0, 1), 32 bits of resolution. */
  uniform(): number;
  /** Uniform on (0, 1]: safe to take the logarithm of. */
  positive(): number;
  /** A standard normal draw (mean 0, variance 1). */
  normal(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  /**
   * Fills `out` with standard normal draws, in a tight loop (a projection draws millions).
   * Reproducible from the seed as the rest, though not the numbers `normal()` would give.
   */
  fillNormal(out: Float64Array): void;
  /** Fills `out` with what `uniform()` would give one by one. */
  fillUniform(out: Float64Array): void;
};

const TWO_POW_32 = 4_294_967_296;

function seedSequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRandom(seed: number): Random {
  const init = seedSequence(seed);
  let s0 = init();
  let s1 = init();
  let s2 = init();
  let s3 = init();
  // The all-zero state never leaves zero; four zeros in a row cannot come, but be certain.
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;

  const next = () => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };

  const uniform = () => next() / TWO_POW_32;
  const positive = () => (next() + 1) / TWO_POW_32;
  // Marsaglia's polar method gives two normals per accepted pair; the second is kept.
  let spare = 0;
  let hasSpare = false;
  const normal = () => {
    if (hasSpare) {
      hasSpare = false;
      return spare;
    }
    for (;;) {
      const u = 2 * uniform() - 1;
      const v = 2 * uniform() - 1;
      const s = u * u + v * v;
      if (s > 0 && s < 1) {
        const factor = Math.sqrt((-2 * Math.log(s)) / s);
        spare = v * factor;
        hasSpare = true;
        return u * factor;
      }
    }
  };
  const below = (n: number) => Math.floor(uniform() * n);

  /**
   * `normal()` over a whole buffer: uniforms drawn in bulk (`fillUniform`, the same sequence
   * `uniform()` gives), then the polar method over them in a tight loop.
   */
  let pool = new Float64Array(0);
  const fillNormal = (out: Float64Array) => {
    const n = out.length;
    let i = 0;
    if (hasSpare && n > 0) {
      out[i++] = spare;
      hasSpare = false;
    }
    while (i < n) {
      // About 1.27 pairs of uniforms per pair of normals (the polar method's rejections).
      const pairs = Math.ceil(((n - i) / 2) * 1.3) + 4;
      if (pool.length !== 2 * pairs) pool = new Float64Array(2 * pairs);
      fillUniform(pool);
      for (let p = 0; p < pool.length && i < n; p += 2) {
        const u = 2 * (pool[p] as number) - 1;
        const v = 2 * (pool[p + 1] as number) - 1;
        const q = u * u + v * v;
        if (q > 0 && q < 1) {
          const factor = Math.sqrt((-2 * Math.log(q)) / q);
          out[i++] = u * factor;
          if (i < n) out[i++] = v * factor;
          else {
            spare = v * factor;
            hasSpare = true;
          }
        }
      }
    }
  };
  const fillUniform = (out: Float64Array) => {
    let a = s0;
    let b = s1;
    let c = s2;
    let d = s3;
    for (let i = 0; i < out.length; i += 1) {
      const r = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = rotl(d, 11);
      out[i] = r / TWO_POW_32;
    }
    s0 = a;
    s1 = b;
    s2 = c;
    s3 = d;
  };
  return { uniform, positive, normal, below, fillNormal, fillUniform };
}

function rotl(x: number, k: number) {
  return (x << k) | (x >>> (32 - k));
}
