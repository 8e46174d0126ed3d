package mining

import (
	"os"
	"testing"

	"checkfence/internal/testmain"
)

func TestMain(m *testing.M) { os.Exit(testmain.Run(m)) }
