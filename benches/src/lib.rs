//! Criterion benchmarks live in `benches/`; this library holds nothing.
