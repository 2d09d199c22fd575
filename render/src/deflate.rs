//! A zlib (DEFLATE) compressor made for board pictures.
//!
//! General-purpose compressors at their fast settings look for repeats with
//! short hash chains, and in our pictures those chains fill up with the
//! countless places where a few bytes of flat colour recur, so the useful
//! repeats are missed (zlib level 2 gave 43 KB for a busy 16×16 board, level
//! 9 gave 19 KB in 8 ms). This one tries the repeats a board picture is made
//! of first: the row above and the previous byte. Only where those fail, on
//! the few bytes that are new (the edges of pieces and letters), does it look
//! up a short hash chain, which then holds nothing but such edges: the same
//! piece a few squares to the left, or its mirror image a few rows up. The
//! result is written as a single dynamic-Huffman block.

/// How far back DEFLATE may refer.
const WINDOW: usize = 32 * 1024;
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
const HASH_BITS: u32 = 13;
/// Earlier places with the same four bytes tried at each new byte.
const CHAIN_DEPTH: usize = 4;
/// A repeat of the row above or of the last byte at least this long is
/// taken without looking further.
const GOOD_ENOUGH: usize = 16;
const NONE: u32 = u32::MAX;

/// Lengths 3–258 by length code (257–285): base and extra bits.
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// Distances 1–32768 by distance code: base and extra bits.
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order in which code-length code lengths are stored.
const CL_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// The index into the length tables for a match of `len` (3–258).
fn length_code(len: usize) -> usize {
    let v = len - MIN_MATCH;
    if v < 8 {
        v
    } else if len == MAX_MATCH {
        28
    } else {
        let bits = usize::BITS - 1 - v.leading_zeros();
        4 * (bits as usize - 1) + ((v >> (bits - 2)) & 3)
    }
}

/// The distance code for a distance (1–32768).
fn distance_code(dist: usize) -> usize {
    let d = dist - 1;
    if d < 4 {
        d
    } else {
        let bits = usize::BITS - 1 - d.leading_zeros();
        2 * bits as usize + ((d >> (bits - 1)) & 1)
    }
}

/// A literal byte (`dist` 0) or a back-reference.
#[derive(Clone, Copy)]
struct Token {
    len: u16,
    dist: u16,
}

/// How many leading bytes at `a` and `b` agree, up to `max`.
fn common_prefix(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    let (x, y) = (&data[a..a + max], &data[b..b + max]);
    let word = |s: &[u8]| u64::from_le_bytes(s.try_into().expect("8 bytes"));
    let mut n = 0;
    // Four words at a time while they agree, then word by word to find the
    // first difference.
    for (p, q) in x.chunks_exact(32).zip(y.chunks_exact(32)) {
        let diff = (word(&p[..8]) ^ word(&q[..8]))
            | (word(&p[8..16]) ^ word(&q[8..16]))
            | (word(&p[16..24]) ^ word(&q[16..24]))
            | (word(&p[24..]) ^ word(&q[24..]));
        if diff != 0 {
            break;
        }
        n += 32;
    }
    for (p, q) in x[n..].chunks_exact(8).zip(y[n..].chunks_exact(8)) {
        let diff = word(p) ^ word(q);
        if diff != 0 {
            return n + (diff.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + x[n..]
        .iter()
        .zip(&y[n..])
        .take_while(|(p, q)| p == q)
        .count()
}

fn hash4(data: &[u8], i: usize) -> usize {
    let v = u32::from_le_bytes(data[i..i + 4].try_into().expect("4 bytes"));
    (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// Splits `data` into literals and back-references. `stride` is the
/// distance to the row above.
fn tokens(data: &[u8], stride: usize) -> Vec<Token> {
    let n = data.len();
    let mut out = Vec::with_capacity(n / 32);
    // The latest position with each hash, and for every position the
    // distance back to the previous one with the same hash (0: none). Small
    // tables stay in cache.
    let mut head = vec![NONE; 1 << HASH_BITS];
    let mut prev = vec![0u16; WINDOW];
    let up = if stride <= WINDOW { stride } else { 0 };
    let mut i = 0;
    while i < n {
        // Most of a picture repeats the row above, often for many rows:
        // take such stretches whole, in matches of the greatest length.
        let mut same = if up > 0 && i >= up {
            common_prefix(data, i, i - up, n - i)
        } else {
            0
        };
        if same >= GOOD_ENOUGH {
            while same >= MIN_MATCH {
                let mut take = same.min(MAX_MATCH);
                if (1..MIN_MATCH).contains(&(same - take)) {
                    take = same - MIN_MATCH;
                }
                out.push(Token {
                    len: take as u16,
                    dist: up as u16,
                });
                i += take;
                same -= take;
            }
            continue;
        }
        let max = MAX_MATCH.min(n - i);
        let (mut best, mut best_dist) = (same.min(max), up);
        // A run of one colour matters where the row above differs, as at
        // the top of the picture.
        let run = if i >= 1 && best < MIN_MATCH {
            common_prefix(data, i, i - 1, max)
        } else {
            0
        };
        if run > best {
            (best, best_dist) = (run, 1);
        }
        if best < max.min(GOOD_ENOUGH) && i + 4 <= n {
            let h = hash4(data, i);
            let mut candidate = head[h];
            let mut tries = 0;
            while candidate != NONE && tries < CHAIN_DEPTH {
                let j = candidate as usize;
                if j >= i || i - j > WINDOW {
                    break;
                }
                // Only a candidate that also matches the byte just past the
                // best so far can beat it.
                if data[j + best] == data[i + best] {
                    let len = common_prefix(data, i, j, max);
                    if len > best {
                        (best, best_dist) = (len, i - j);
                        if len == max {
                            break;
                        }
                    }
                }
                let back = usize::from(prev[j % WINDOW]);
                if back == 0 {
                    break;
                }
                candidate = (j - back) as u32;
                tries += 1;
            }
            // Remember where new material starts; runs and copies of the
            // row above are found without the table.
            let last = head[h];
            prev[i % WINDOW] = if last != NONE && i - (last as usize) < WINDOW {
                (i - last as usize) as u16
            } else {
                0
            };
            head[h] = i as u32;
        }
        if best >= MIN_MATCH {
            out.push(Token {
                len: best as u16,
                dist: best_dist as u16,
            });
            i += best;
        } else {
            out.push(Token {
                len: u16::from(data[i]),
                dist: 0,
            });
            i += 1;
        }
    }
    out
}

/// Huffman code lengths for `freqs`, none longer than `limit`. Every code
/// is complete: a single used symbol gets a partner.
fn code_lengths(freqs: &[u32], limit: u8) -> Vec<u8> {
    let mut lengths = vec![0u8; freqs.len()];
    let mut used: Vec<usize> = (0..freqs.len()).filter(|&s| freqs[s] > 0).collect();
    if used.len() < 2 {
        // A tree needs two leaves: add the first unused symbol.
        let extra = (0..freqs.len())
            .find(|s| !used.contains(s))
            .expect("alphabets have at least two symbols");
        used.push(extra);
    }
    used.sort_by_key(|&s| (freqs[s], s));
    let leaves = used.len();
    // Nodes 0..leaves are the leaves by rising weight; internal nodes follow
    // in the order they are made, which is also by rising weight, so the two
    // lightest nodes are always at the front of one of the two queues.
    let mut weight: Vec<u64> = used.iter().map(|&s| u64::from(freqs[s])).collect();
    let mut parent = vec![0usize; 2 * leaves - 1];
    let (mut next_leaf, mut next_inner) = (0, leaves);
    for node in leaves..2 * leaves - 1 {
        let mut take = || {
            let leaf_first = next_leaf < leaves
                && (next_inner >= node || weight[next_leaf] <= weight[next_inner]);
            if leaf_first {
                next_leaf += 1;
                next_leaf - 1
            } else {
                next_inner += 1;
                next_inner - 1
            }
        };
        let (a, b) = (take(), take());
        weight.push(weight[a] + weight[b]);
        parent[a] = node;
        parent[b] = node;
    }
    let mut depth = vec![0u32; 2 * leaves - 1];
    for node in (0..2 * leaves - 2).rev() {
        depth[node] = depth[parent[node]] + 1;
    }
    // Count codes per length, folding any that are too long into the limit
    // and then repairing the Kraft sum: each round drops one longest code and
    // splits the longest shorter one into two, which lowers the sum by one.
    let limit = u32::from(limit);
    let mut count = vec![0u32; limit as usize + 1];
    for &d in &depth[..leaves] {
        count[d.min(limit) as usize] += 1;
    }
    let full = 1u64 << limit;
    let mut kraft: u64 = (1..=limit)
        .map(|l| u64::from(count[l as usize]) << (limit - l))
        .sum();
    while kraft > full {
        count[limit as usize] -= 1;
        if let Some(l) = (1..limit as usize).rev().find(|&l| count[l] > 0) {
            count[l] -= 1;
            count[l + 1] += 2;
        }
        kraft -= 1;
    }
    // The most frequent symbols get the shortest codes.
    let mut by_length =
        (1..=limit as usize).flat_map(|l| std::iter::repeat_n(l as u8, count[l] as usize));
    for &s in used.iter().rev() {
        lengths[s] = by_length.next().expect("one length per symbol");
    }
    lengths
}

/// Canonical Huffman codes for `lengths`, bit-reversed for writing.
fn codes(lengths: &[u8]) -> Vec<u16> {
    let mut count = [0u16; 16];
    for &l in lengths {
        count[usize::from(l)] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[usize::from(l)];
            next[usize::from(l)] += 1;
            c.reverse_bits() >> (16 - l)
        })
        .collect()
}

/// Writes bits least significant first, as DEFLATE wants.
struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    filled: u32,
}

impl BitWriter {
    fn put(&mut self, bits: u32, count: u32) {
        self.acc |= u64::from(bits) << self.filled;
        self.filled += count;
        if self.filled >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.filled -= 32;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        while self.filled > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.filled = self.filled.saturating_sub(8);
        }
        self.out
    }
}

/// The code-length sequence run-length coded: (symbol 0–18, extra bits).
fn run_lengths(lengths: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let l = lengths[i];
        let run = lengths[i..].iter().take_while(|&&x| x == l).count();
        if l == 0 && run >= 11 {
            let n = run.min(138);
            out.push((18, (n - 11) as u8));
            i += n;
        } else if l == 0 && run >= 3 {
            let n = run.min(10);
            out.push((17, (n - 3) as u8));
            i += n;
        } else if l != 0 && run >= 4 {
            out.push((l, 0));
            let n = (run - 1).min(6);
            out.push((16, (n - 3) as u8));
            i += 1 + n;
        } else {
            out.push((l, 0));
            i += 1;
        }
    }
    out
}

/// `data` compressed as a zlib stream. `stride` is the length of a row
/// (with its filter byte), where the previous row's bytes are found.
pub(crate) fn zlib(data: &[u8], stride: usize) -> Vec<u8> {
    let deflated = block(data, stride);
    let mut out = Vec::with_capacity(deflated.len() + 6);
    // zlib header: deflate with a 32 KB window, no dictionary.
    out.extend_from_slice(&[0x78, 0x01]);
    out.extend_from_slice(&deflated);
    let mut adler = simd_adler32::Adler32::new();
    adler.write(data);
    out.extend_from_slice(&adler.finish().to_be_bytes());
    out
}

/// `data` as one final dynamic-Huffman DEFLATE block.
fn block(data: &[u8], stride: usize) -> Vec<u8> {
    let tokens = tokens(data, stride);
    let mut lit_freq = [0u32; 286];
    let mut dist_freq = [0u32; 30];
    for t in &tokens {
        if t.dist == 0 {
            lit_freq[usize::from(t.len)] += 1;
        } else {
            lit_freq[257 + length_code(usize::from(t.len))] += 1;
            dist_freq[distance_code(usize::from(t.dist))] += 1;
        }
    }
    lit_freq[256] = 1;
    let lit_len = code_lengths(&lit_freq, 15);
    let dist_len = code_lengths(&dist_freq, 15);
    let hlit = 257.max(lit_len.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let hdist = 1.max(dist_len.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let mut all = lit_len[..hlit].to_vec();
    all.extend_from_slice(&dist_len[..hdist]);
    let runs = run_lengths(&all);
    let mut cl_freq = [0u32; 19];
    for &(sym, _) in &runs {
        cl_freq[usize::from(sym)] += 1;
    }
    let cl_len = code_lengths(&cl_freq, 7);
    let cl_codes = codes(&cl_len);
    let hclen = 4.max(
        CL_ORDER
            .iter()
            .rposition(|&s| cl_len[s] > 0)
            .map_or(0, |p| p + 1),
    );

    let mut w = BitWriter {
        out: Vec::with_capacity(data.len() / 16 + 64),
        acc: 0,
        filled: 0,
    };
    w.put(1, 1); // the final block
    w.put(2, 2); // dynamic Huffman codes
    w.put((hlit - 257) as u32, 5);
    w.put((hdist - 1) as u32, 5);
    w.put((hclen - 4) as u32, 4);
    for &s in &CL_ORDER[..hclen] {
        w.put(u32::from(cl_len[s]), 3);
    }
    for &(sym, extra) in &runs {
        let s = usize::from(sym);
        w.put(u32::from(cl_codes[s]), u32::from(cl_len[s]));
        match sym {
            16 => w.put(u32::from(extra), 2),
            17 => w.put(u32::from(extra), 3),
            18 => w.put(u32::from(extra), 7),
            _ => {}
        }
    }
    // Each length's code and extra bits, written as one.
    let lit_codes = codes(&lit_len);
    let dist_codes = codes(&dist_len);
    let mut length_bits = [(0u32, 0u32); MAX_MATCH + 1];
    for (len, slot) in length_bits.iter_mut().enumerate().skip(MIN_MATCH) {
        let lc = length_code(len);
        let (code, bits) = (u32::from(lit_codes[257 + lc]), u32::from(lit_len[257 + lc]));
        let extra = (len - usize::from(LENGTH_BASE[lc])) as u32;
        *slot = (code | extra << bits, bits + u32::from(LENGTH_EXTRA[lc]));
    }
    for t in &tokens {
        if t.dist == 0 {
            let s = usize::from(t.len);
            w.put(u32::from(lit_codes[s]), u32::from(lit_len[s]));
        } else {
            let (bits, count) = length_bits[usize::from(t.len)];
            w.put(bits, count);
            let dist = usize::from(t.dist);
            let dc = distance_code(dist);
            let extra = (dist - usize::from(DIST_BASE[dc])) as u32;
            let bits = u32::from(dist_len[dc]);
            w.put(
                u32::from(dist_codes[dc]) | extra << bits,
                bits + u32::from(DIST_EXTRA[dc]),
            );
        }
    }
    w.put(u32::from(lit_codes[256]), u32::from(lit_len[256]));
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_and_distance_codes_match_the_tables() {
        for len in MIN_MATCH..=MAX_MATCH {
            let c = length_code(len);
            let base = usize::from(LENGTH_BASE[c]);
            assert!(
                base <= len && len < base + (1 << LENGTH_EXTRA[c]).max(1),
                "{len}"
            );
        }
        for dist in 1..=WINDOW {
            let c = distance_code(dist);
            let base = usize::from(DIST_BASE[c]);
            assert!(base <= dist && dist < base + (1 << DIST_EXTRA[c]), "{dist}");
        }
    }

    #[test]
    fn code_lengths_respect_the_limit_and_kraft() {
        // Fibonacci weights force a deep tree.
        let mut freqs = vec![0u32; 30];
        let (mut a, mut b) = (1u32, 1u32);
        for f in freqs.iter_mut() {
            *f = a;
            (a, b) = (b, a.saturating_add(b));
        }
        let lengths = code_lengths(&freqs, 7);
        assert!(lengths.iter().all(|&l| (1..=7).contains(&l)));
        let kraft: f64 = lengths.iter().map(|&l| 0.5f64.powi(i32::from(l))).sum();
        assert!((kraft - 1.0).abs() < 1e-9, "{kraft}");
        let single = code_lengths(&[0, 5, 0], 15);
        assert_eq!(single, vec![1, 1, 0]);
    }

    #[test]
    fn run_lengths_expand_back() {
        let lengths: Vec<u8> = [vec![0; 150], vec![5; 9], vec![0; 4], vec![3, 4]].concat();
        let mut back = Vec::new();
        for (sym, extra) in run_lengths(&lengths) {
            match sym {
                16 => {
                    let last = *back.last().unwrap();
                    back.extend(std::iter::repeat_n(last, 3 + usize::from(extra)));
                }
                17 => back.extend(std::iter::repeat_n(0, 3 + usize::from(extra))),
                18 => back.extend(std::iter::repeat_n(0, 11 + usize::from(extra))),
                l => back.push(l),
            }
        }
        assert_eq!(back, lengths);
    }
}
