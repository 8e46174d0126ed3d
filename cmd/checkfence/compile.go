package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"checkfence/cfront"
	"checkfence/lsl"
)

// compileCommand prints the LSL of C files (paper Section 3.1).
func compileCommand(status *int) *cli.Command {
	return &cli.Command{
		Name:      "compile",
		Usage:     "translate C implementations to LSL and print it",
		ArgsUsage: "FILE.c...",
		Flags: append(compilerFlags(),
			&cli.BoolFlag{Name: "fence-slots", Usage: "mark the places where fence inference may place fences (fence ... slot N)"},
		),
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageError{fmt.Errorf("compile: no C files given")}
			}
			for _, f := range c.Args().Slice() {
				if !strings.HasSuffix(f, ".c") {
					return usageError{fmt.Errorf("compile: %s is not a C file", f)}
				}
			}
			opts := compilerOptions(c)
			opts.FenceSlots = c.Bool("fence-slots")
			prog, err := cfront.Compile(c.Args().Slice(), opts)
			if err != nil {
				var errs []error
				for _, e := range cfront.AsErrorList(err) {
					errs = append(errs, e)
				}
				if len(errs) == 0 {
					errs = []error{err}
				}
				return inputError{errs}
			}
			if err := lsl.Print(c.App.Writer, prog); err != nil {
				return err
			}
			*status = exitPass
			return nil
		},
	}
}
