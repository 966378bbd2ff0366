package target

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"
)

// TestStillSameZombie: an exited child that its parent has not reaped yet still has /proc/PID/stat
// with the same start time, but it runs nothing any more, so the recording must stop
// (target_exited) instead of waiting for the parent to reap it.
func TestStillSameZombie(t *testing.T) {
	cmd := exec.Command("sleep", "0.3")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Wait() }()
	tg, err := Inspect(cmd.Process.Pid, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !tg.StillSame() {
		t.Fatal("a running process reported as gone")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", tg.PID))
		if err != nil {
			t.Fatal(err) // not reaped: the file must stay
		}
		if exitedState(b) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("child did not exit")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if tg.StillSame() {
		t.Error("a zombie (exited, not reaped) reported as still running")
	}
}
