/*
 * Test fixture for plsql-probe: a small program, compiled by the tests into a file named exactly
 * "oracle", whose functions carry Oracle kernel-function names and replay the patterns of the seeds
 * (../../../../../shared/seeds): a library-cache pin per call, two message-file reads per handled
 * exception, 4096- vs 32767-byte writes, poll() from snttmoredata, timer calls from qerstUpdateStats.
 *
 * It is driven line by line on stdin so that tests can attach first and then run an exact number of
 * iterations. Each command answers one line "ok <ns> <cpu_ns>" on stdout: the elapsed time of the
 * command (for "thread": the new thread's id) and the CPU time the main thread spent in it.
 *
 *   pin N            N x kgiPinObject (-> kglpnp -> kglPinSetContext)
 *   exc N            N x handled exception: kgebse -> kgeselv -> lmsagbf -> slmsrd twice (pread of oraus.msb)
 *   write SIZE N     N x slfiwrb: write(file, SIZE)
 *   sockwrite SIZE N N x write(socket, SIZE), drained from the peer
 *   pipewrite SIZE N N x write(pipe, SIZE), drained
 *   devnull SIZE N   N x write(/dev/null, SIZE)        (benchmark)
 *   writev SIZE N    N x writev(file, 2 vectors adding up to SIZE)
 *   poll N K         N rows, every K rows snttmoredata -> poll(socket, 0 ms)
 *   stats N          N x qerstUpdateStats -> 2 x clock_gettime (timer calls)
 *   thread           start a worker thread; answers "ok <tid>"
 *   tpin M N         worker runs M x kgiPinObject while main runs N x kgiPinObject
 *   spin MS          busy loop of pins for MS milliseconds
 *   sleep MS         sleep MS milliseconds (idle: nothing is counted)
 *   quit             answer "ok 0 0" and exit with status 0 (stdin EOF also exits)
 *
 * An unknown or malformed command answers "error <reason>" and the program goes on. Usage:
 * oracle DIR (DIR must exist; oraus.msb and utl_file.out are created in it). Build it with
 * probe/scripts/build.sh (probe/bin/oracle) or let the Go tests build it (testfixture.Build).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/* noipa: no inlining, cloning or identical-code folding, so every name stays a real function. */
#define ORAFN __attribute__((noinline, noipa))
/* Oracle 12c+ functions are reported to start with a 2-byte hot-patch NOP; imitate it. */
#define HOTPATCH __attribute__((patchable_function_entry(2, 0)))

static volatile unsigned long sink;
static int msb_fd, file_fd, null_fd, sock_fds[2], pipe_fds[2];
static char buf[65536];

ORAFN void kglPinSetContext(void) { sink++; }
ORAFN HOTPATCH void kglpnp(void) { kglPinSetContext(); sink++; }
ORAFN void kgiPinObject(void) { kglpnp(); sink++; }

ORAFN void slmsrd(int n) {
    if (pread(msb_fd, buf, 512, (off_t)(n * 512)) < 0) perror("pread");
}
ORAFN void lmsagbf(void) { slmsrd(0); slmsrd(1); }
ORAFN void kgeselv(int code) { sink += (unsigned long)code; lmsagbf(); }
ORAFN HOTPATCH void kgebse(int code) { kgeselv(code); }

ORAFN void slfiwrb(int fd, size_t size) {
    if (write(fd, buf, size) != (ssize_t)size) perror("write");
}
ORAFN void slfiwrv(int fd, size_t size) {
    struct iovec v[2] = {{buf, size / 2}, {buf + size / 2, size - size / 2}};
    if (writev(fd, v, 2) != (ssize_t)size) perror("writev");
}
ORAFN void snttmoredata(void) {
    struct pollfd p = {.fd = sock_fds[1], .events = POLLIN};
    if (poll(&p, 1, 0) < 0) perror("poll");
}
ORAFN void qerstUpdateStats(void) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    sink++;
    clock_gettime(CLOCK_MONOTONIC, &b);
    sink += (unsigned long)(b.tv_nsec - a.tv_nsec);
}

/* A call chain for stack samples: opiexe -> qerstSnapStats -> kgiPinObject. */
ORAFN void qerstSnapStats(void) { for (int i = 0; i < 1000; i++) kgiPinObject(); }
ORAFN void opiexe(void) { qerstSnapStats(); }

static void drain(int fd, size_t size) {
    size_t got = 0;
    while (got < size) {
        ssize_t r = read(fd, buf + 32768, size - got > 32768 ? 32768 : size - got);
        if (r <= 0) { perror("drain"); exit(2); }
        got += (size_t)r;
    }
}

static long long clock_ns(clockid_t id) {
    struct timespec t;
    clock_gettime(id, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}
static long long now_ns(void) { return clock_ns(CLOCK_MONOTONIC); }
/* CPU time of the calling thread: what probes add to it, without the time other processes took. */
static long long cpu_ns(void) { return clock_ns(CLOCK_THREAD_CPUTIME_ID); }

/* Worker thread: waits for an iteration count on a pipe, runs the pins, reports back. */
static int work_in[2], work_out[2];
static void *worker(void *arg) {
    (void)arg;
    long n;
    while (read(work_in[0], &n, sizeof n) == sizeof n) {
        for (long i = 0; i < n; i++) kgiPinObject();
        if (write(work_out[1], &n, sizeof n) != sizeof n) break;
    }
    return NULL;
}
static long worker_tid;
static void *worker_start(void *arg) {
    worker_tid = syscall(SYS_gettid);
    return worker(arg);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: oracle DIR\n"); return 2; }
    setvbuf(stdout, NULL, _IOLBF, 0);
    char path[4096];
    snprintf(path, sizeof path, "%s/oraus.msb", argv[1]);
    msb_fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (msb_fd < 0 || write(msb_fd, buf, 4096) != 4096) { perror("oraus.msb"); return 2; }
    snprintf(path, sizeof path, "%s/utl_file.out", argv[1]);
    file_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    null_fd = open("/dev/null", O_WRONLY);
    if (file_fd < 0 || null_fd < 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, sock_fds) < 0 ||
        pipe(pipe_fds) < 0 || pipe(work_in) < 0 || pipe(work_out) < 0) {
        perror("setup");
        return 2;
    }
    printf("ready %d\n", getpid());

    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        char cmd[32];
        long a = 0, b = 0;
        if (sscanf(line, "%31s %ld %ld", cmd, &a, &b) < 1) continue;
        long long t0 = now_ns(), c0 = cpu_ns(), extra = -1;
        int sized = !strcmp(cmd, "write") || !strcmp(cmd, "devnull") || !strcmp(cmd, "writev") ||
                    !strcmp(cmd, "sockwrite") || !strcmp(cmd, "pipewrite");
        if (sized && (a < 0 || a > 32768)) {
            printf("error %s: SIZE must be 0..32768\n", cmd);
            continue;
        }
        if (!strcmp(cmd, "pin")) {
            for (long i = 0; i < a; i++) kgiPinObject();
        } else if (!strcmp(cmd, "exc")) {
            for (long i = 0; i < a; i++) kgebse(1403);
        } else if (!strcmp(cmd, "write")) {
            for (long i = 0; i < b; i++) slfiwrb(file_fd, (size_t)a);
        } else if (!strcmp(cmd, "devnull")) {
            for (long i = 0; i < b; i++) slfiwrb(null_fd, (size_t)a);
        } else if (!strcmp(cmd, "writev")) {
            for (long i = 0; i < b; i++) slfiwrv(file_fd, (size_t)a);
        } else if (!strcmp(cmd, "sockwrite")) {
            for (long i = 0; i < b; i++) { slfiwrb(sock_fds[0], (size_t)a); drain(sock_fds[1], (size_t)a); }
        } else if (!strcmp(cmd, "pipewrite")) {
            for (long i = 0; i < b; i++) { slfiwrb(pipe_fds[1], (size_t)a); drain(pipe_fds[0], (size_t)a); }
        } else if (!strcmp(cmd, "poll")) {
            for (long i = 1; i <= a; i++) { sink++; if (b > 0 && i % b == 0) snttmoredata(); }
        } else if (!strcmp(cmd, "stats")) {
            for (long i = 0; i < a; i++) qerstUpdateStats();
        } else if (!strcmp(cmd, "thread")) {
            pthread_t th;
            if (pthread_create(&th, NULL, worker_start, NULL) != 0) { perror("pthread"); return 2; }
            while (__atomic_load_n(&worker_tid, __ATOMIC_SEQ_CST) == 0) usleep(1000);
            extra = worker_tid;
        } else if (!strcmp(cmd, "tpin")) {
            if (write(work_in[1], &a, sizeof a) != sizeof a) return 2;
            for (long i = 0; i < b; i++) kgiPinObject();
            long done;
            if (read(work_out[0], &done, sizeof done) != sizeof done) return 2;
        } else if (!strcmp(cmd, "spin")) {
            long long end = t0 + a * 1000000LL;
            while (now_ns() < end) opiexe();
        } else if (!strcmp(cmd, "sleep")) {
            struct timespec d = {.tv_sec = a / 1000, .tv_nsec = (a % 1000) * 1000000L};
            while (nanosleep(&d, &d) != 0 && errno == EINTR) {}
        } else if (!strcmp(cmd, "quit")) {
            printf("ok 0 0\n");
            return 0;
        } else {
            printf("error unknown command %s\n", cmd);
            continue;
        }
        long long cpu = cpu_ns() - c0;
        printf("ok %lld %lld\n", extra >= 0 ? extra : now_ns() - t0, cpu);
    }
    return 0;
}
