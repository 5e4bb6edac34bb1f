package run

import "runtime"

func runtimeGosched() { runtime.Gosched() }
