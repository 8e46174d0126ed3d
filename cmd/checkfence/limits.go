package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
)

// maxMemoryCLIFlag is --max-memory, the encoder's memory budget
// (encode.Options.MaxMemory).
func maxMemoryCLIFlag() cli.Flag {
	return &cli.StringFlag{Name: "max-memory", Value: "0", Usage: "stop a test whose encoding would need more memory than this (4GiB, 500MiB, 2G; 0: half of the physical memory)"}
}

// maxMemoryFlag parses --max-memory; errors are usage errors.
func maxMemoryFlag(c *cli.Context) (int64, error) {
	n, err := parseSize(c.String("max-memory"))
	if err != nil {
		return 0, usageError{fmt.Errorf("--max-memory: %v", err)}
	}
	return n, nil
}

// sizeUnits are the suffixes parseSize accepts, in lower case: binary
// with or without "i", decimal when spelt "kb", "mb", ...
var sizeUnits = map[string]float64{
	"": 1, "b": 1,
	"k": 1 << 10, "kib": 1 << 10, "ki": 1 << 10, "kb": 1e3,
	"m": 1 << 20, "mib": 1 << 20, "mi": 1 << 20, "mb": 1e6,
	"g": 1 << 30, "gib": 1 << 30, "gi": 1 << 30, "gb": 1e9,
	"t": 1 << 40, "tib": 1 << 40, "ti": 1 << 40, "tb": 1e12,
}

// parseSize reads a size in bytes: a number (decimals allowed) and an
// optional unit: B, KiB, MiB, GiB, TiB (also K, M, G, T), or the decimal
// KB, MB, GB, TB. Case does not matter; 0 is 0.
func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	num, unit := t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	f, err := strconv.ParseFloat(num, 64)
	mult, ok := sizeUnits[unit]
	if num == "" || err != nil || !ok {
		return 0, fmt.Errorf("%q is not a size (give for example 4GiB, 500MiB, or 0 for the default)", s)
	}
	v := f * mult
	if v >= math.MaxInt64 {
		return 0, fmt.Errorf("%q is too large", s)
	}
	if v > 0 && v < 1 {
		return 0, fmt.Errorf("%q is less than a byte", s)
	}
	return int64(v), nil
}
