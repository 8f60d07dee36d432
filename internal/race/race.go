//go:build race

// Package race tells tests whether the race detector is on: it multiplies
// memory use (shadow memory) and reports the data races of user programs
// that race on purpose, so some checks do not hold under it.
package race

// Enabled is true in a binary built with -race.
const Enabled = true
