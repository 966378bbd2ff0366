/**
 * What Oracle kernel function names mean, by name prefix: data only (the lookup is in annotateFunction.ts).
 *
 * Oracle names its C functions by layer: the first letters say which part of the kernel a function belongs to
 * (kgl = library cache, qer = row sources, sl = OS-dependent, ...). An entry names a prefix, or a whole function
 * name where the seeds or the notes say what that function does; the longest matching prefix wins, so
 * `kgiPinObject` gets its own sentence and `kgiFoo` the sentence of `kgi`.
 *
 * The sentences are ours. `source` says where the fact comes from (see SOURCES); Oracle does not document its
 * internals, so everything here is public research, and sentences stay at the level the sources support.
 */

export type KernelLayer =
  | 'OS-dependent'
  | 'program interface'
  | 'PL/SQL VM'
  | 'library cache'
  | 'errors'
  | 'message files'
  | 'files'
  | 'network'
  | 'row sources'
  | 'rowsource statistics'
  | 'SQL compilation'
  | 'SQL and PL/SQL execution'
  | 'buffer cache'
  | 'data layer'
  | 'transactions'
  | 'services'
  | 'memory'
  | 'timers'
  | 'C library'
  | 'system calls'
  | 'Java VM'
  | 'Linux kernel';

export type SourceId = keyof typeof SOURCES;

export interface KernelFunctionEntry {
  /** A name prefix, or a full function name; matched case-sensitively at the start of the name. */
  prefix: string;
  layer: KernelLayer;
  /** One line in our own words: what the function (family) does, and why it shows up in a profile. */
  summary: string;
  source: SourceId;
  /** Match the whole name only (for short names such as `main` that would otherwise swallow others). */
  exact?: boolean;
}

/** Where each fact comes from; the keys appear in every entry. */
export const SOURCES = {
  'seed-000': 'Kamil Stawiarski, "Using DTrace to understand why PL/SQL packages can be faster than stored procedures (kgiPinObject)", blog.ora-600.pl, 2016 (DTrace pid-provider counts)',
  'seed-001': 'Nenad Noveljic, "PL/SQL Exception Handling Performance Degradation in Oracle 12.2", nenadnoveljic.com, 2018 (pstack and kge*/lms* counts on 12.1 and 12.2)',
  'seed-002': 'Alexander Anokhin, "Timing: rowsource statistics. Part 2: Overhead and inconsistent time", alexanderanokhin.com, 2012 (qerst* and timer calls)',
  'seed-003': 'Nenad Noveljic, "Writing a BLOB to a File – Comparison Between PL/SQL and Java", nenadnoveljic.com, 2020 (write() sizes by file system)',
  'seed-004': 'Tanel Poder, "Oracle hidden costs revealed, part 1 – Does a batch job run faster when executed locally?", tanelpoder.com (poll() from snttmoredata/nsmore2recv)',
  layers: 'Oracle kernel layer abbreviations (KC cache, KD data, KG generic, KK compilation, KS services, KT transactions, KX execution, OPI, S = OS-dependent), Morgan\'s Library kernel subsystems page and MOS note 175982.1 as quoted in public bug-note stack summaries',
  'row-sources': 'Row-source function prefixes (qertb table access, qerix index, qerhj hash join, ...), MOS note 175982.1 as used by tpt-oracle os_explain',
  notes: 'oracle-profiling-notes.md (probe design research: wait-event boundaries, timers, vDSO)',
  linux: 'Linux and glibc documentation',
  solaris: 'Solaris man pages (section 2 system calls, libc stdio)',
} as const;

export const KERNEL_FUNCTIONS: readonly KernelFunctionEntry[] = [
  // Bottom of every stack: process start and the loop that waits for client calls.
  { prefix: 'main', layer: 'OS-dependent', summary: 'C entry point of the server process.', source: 'layers', exact: true },
  { prefix: 'ss', layer: 'OS-dependent', summary: 'OS-dependent system services (process and thread start-up, OS-specific arithmetic helpers).', source: 'layers' },
  { prefix: 'ssthrdmain', layer: 'OS-dependent', summary: 'Starts a server process or thread; it sits at the root of every server stack.', source: 'layers' },
  { prefix: 'sl', layer: 'OS-dependent', summary: 'OS-dependent library: thin wrappers around system calls and the C library.', source: 'layers' },
  { prefix: 'sk', layer: 'OS-dependent', summary: 'OS-dependent kernel services (shared memory, semaphores, process control).', source: 'layers' },

  { prefix: 'opi', layer: 'program interface', summary: 'Oracle Program Interface: the server side of client calls (parse, execute, fetch).', source: 'layers' },
  { prefix: 'opimai', layer: 'program interface', summary: 'Main routine of the program interface for a server process.', source: 'layers' },
  { prefix: 'opidrv', layer: 'program interface', summary: 'Drives the program interface: runs the task loop that serves one client.', source: 'layers' },
  { prefix: 'opitsk', layer: 'program interface', summary: 'Task loop: waits for the next client request and hands it on.', source: 'layers' },
  { prefix: 'opiino', layer: 'program interface', summary: 'Sets up the program interface for a new connection, then serves its calls.', source: 'layers' },
  { prefix: 'opiodr', layer: 'program interface', summary: 'Dispatches one call (from the client or recursive) to its handler; the work of the call runs below it.', source: 'seed-001' },
  { prefix: 'opiexe', layer: 'program interface', summary: 'Executes a parsed cursor: a SQL statement or a PL/SQL block.', source: 'layers' },
  { prefix: 'opiprs', layer: 'program interface', summary: 'Parses a SQL statement for a client call.', source: 'layers' },
  { prefix: 'opifch', layer: 'program interface', summary: 'Fetches rows of an open cursor for a client call.', source: 'layers' },
  { prefix: 'kpo', layer: 'program interface', summary: 'Server side of the OCI programmatic interface (calls that arrive from OCI and Thin clients).', source: 'layers' },
  { prefix: 'kpoal8', layer: 'program interface', summary: 'Serves the combined OCI call (parse, bind, execute and fetch in one round trip) of current clients.', source: 'layers' },
  { prefix: 'rpi', layer: 'program interface', summary: 'Recursive program interface: SQL issued by the kernel or by PL/SQL on the server.', source: 'layers' },
  { prefix: 'npi', layer: 'program interface', summary: 'Network program interface: marshals calls between the network layer and the program interface.', source: 'layers' },

  // PL/SQL virtual machine and built-ins.
  { prefix: 'pfr', layer: 'PL/SQL VM', summary: 'PL/SQL runtime: the interpreter that runs compiled PL/SQL byte code (M-code).', source: 'seed-000' },
  { prefix: 'pfrrun', layer: 'PL/SQL VM', summary: 'Runs the byte code of one PL/SQL unit; everything a PL/SQL block does sits below it.', source: 'seed-000' },
  { prefix: 'pfrrun_no_tool', layer: 'PL/SQL VM', summary: 'Interpreter loop used when no debugger or profiler hook is active.', source: 'seed-000' },
  { prefix: 'pfrinstr_', layer: 'PL/SQL VM', summary: 'Handler of one PL/SQL VM instruction; the suffix names the opcode (MULN multiply, BCTR branch, RET return, ...).', source: 'seed-000' },
  { prefix: 'pfrinstr_XCAL', layer: 'PL/SQL VM', summary: 'Calls a subprogram of another unit; a call to a standalone (schema-level) subprogram pins it in the library cache each time.', source: 'seed-000' },
  { prefix: 'pfrxca', layer: 'PL/SQL VM', summary: 'Prepares an external (cross-unit) PL/SQL call.', source: 'seed-000' },
  { prefix: 'pevm_', layer: 'PL/SQL VM', summary: 'PL/SQL VM instruction handler (another family of opcode handlers).', source: 'seed-000' },
  { prefix: 'pevm_ENTER', layer: 'PL/SQL VM', summary: 'Enters a PL/SQL subprogram: sets up its frame; once per call.', source: 'seed-000' },
  { prefix: 'pevm_CHK_INST', layer: 'PL/SQL VM', summary: 'Checks that a package\'s state is instantiated before it is used.', source: 'seed-000' },
  { prefix: 'pevm_FCAL', layer: 'PL/SQL VM', summary: 'Calls a PL/SQL function.', source: 'seed-000' },
  { prefix: 'pevm_RET', layer: 'PL/SQL VM', summary: 'Returns from a PL/SQL subprogram.', source: 'seed-000' },
  { prefix: 'pifi', layer: 'files', summary: 'PL/SQL file built-ins (UTL_FILE) on the server.', source: 'seed-003' },
  { prefix: 'pifipr', layer: 'files', summary: 'UTL_FILE.PUT_RAW: buffers the bytes and hands them to the OS file layer.', source: 'seed-003' },
  { prefix: 'pififl', layer: 'files', summary: 'UTL_FILE flush: pushes buffered bytes to the OS file layer.', source: 'seed-003' },

  // Generic layer: library cache, instantiation, errors, heaps.
  { prefix: 'kg', layer: 'services', summary: 'Generic kernel layer: services shared by SQL and PL/SQL (library cache, heaps, errors).', source: 'layers' },
  { prefix: 'kgl', layer: 'library cache', summary: 'Library cache: shared cursors, PL/SQL units and their dependencies.', source: 'layers' },
  { prefix: 'kglpn', layer: 'library cache', summary: 'Library-cache pin: keeps an object from changing while the session uses it.', source: 'seed-000' },
  { prefix: 'kglpnp', layer: 'library cache', summary: 'Pins a library-cache object; once per call of a standalone subprogram from PL/SQL.', source: 'seed-000' },
  { prefix: 'kglpndl', layer: 'library cache', summary: 'Releases a library-cache pin.', source: 'seed-000' },
  { prefix: 'kglPinSetContext', layer: 'library cache', summary: 'Sets up the context of a library-cache pin; counted once per standalone call in the published DTrace measurements.', source: 'seed-000' },
  { prefix: 'kgllk', layer: 'library cache', summary: 'Library-cache lock: protects an object\'s definition while it is referenced.', source: 'layers' },
  { prefix: 'kglget', layer: 'library cache', summary: 'Finds (or creates) an object handle in the library cache.', source: 'layers' },
  { prefix: 'kgi', layer: 'library cache', summary: 'Instantiation of library objects (PL/SQL units) for the session; pins them for use.', source: 'seed-000' },
  { prefix: 'kgiPinObject', layer: 'library cache', summary: 'Pins an instantiated object for a call; once per call of a standalone subprogram (about 80% of the elapsed time in the published DTrace measurement).', source: 'seed-000' },
  { prefix: 'kgh', layer: 'memory', summary: 'Heap manager: allocates and frees memory in SGA, PGA and UGA heaps.', source: 'layers' },
  { prefix: 'kge', layer: 'errors', summary: 'Error handling: raise, signal and handle errors, push and pop error frames; one set of calls per raised exception.', source: 'seed-001' },
  { prefix: 'kgebse', layer: 'errors', summary: 'Builds the error message for a raised error; on 12.2 it reads the message file for every handled exception.', source: 'seed-001' },
  { prefix: 'kgeselv', layer: 'errors', summary: 'Signals an error with its arguments (called for each raised exception).', source: 'seed-001' },
  { prefix: 'kgespf', layer: 'errors', summary: 'Error-stack bookkeeping done for each raised exception.', source: 'seed-001' },
  { prefix: 'kgs', layer: 'memory', summary: 'Generic memory services used by the generic layer.', source: 'layers' },

  // Message files.
  { prefix: 'lms', layer: 'message files', summary: 'Message files: looks up error message text in the .msb files under rdbms/mesg.', source: 'seed-001' },
  { prefix: 'lmsagbf', layer: 'message files', summary: 'Gets a message buffer, reading the message file when the text is not cached.', source: 'seed-001' },
  { prefix: 'slms', layer: 'message files', summary: 'OS-dependent message-file access.', source: 'seed-001' },
  { prefix: 'slmsrd', layer: 'message files', summary: 'Reads a block of a message file with read()/pread(); twice per handled exception on 12.2.', source: 'seed-001' },

  // OS-dependent file I/O and timers.
  { prefix: 'slfi', layer: 'files', summary: 'OS-dependent file I/O for PL/SQL files (UTL_FILE) through the C library\'s buffered streams.', source: 'seed-003' },
  { prefix: 'slfiwrb', layer: 'files', summary: 'Writes a buffer to a file with fwrite(); the C library, not the code, then picks the write() size.', source: 'seed-003' },
  { prefix: 'slfifl', layer: 'files', summary: 'Flushes a file stream with fflush(); writes the whole buffer in one write().', source: 'seed-003' },
  { prefix: 'sltrg', layer: 'timers', summary: 'Reads the high-resolution clock; on Linux through the vDSO, so it makes no syscall.', source: 'notes' },
  { prefix: 'sltrgftime64', layer: 'timers', summary: 'Fast clock read used for time statistics (rowsource statistics, wait timing).', source: 'notes' },
  { prefix: 'slcpu', layer: 'timers', summary: 'Reads the process CPU time (getrusage and relatives).', source: 'layers' },
  { prefix: 'slgt', layer: 'timers', summary: 'Reads the wall-clock time.', source: 'layers' },

  // Network.
  { prefix: 'ns', layer: 'network', summary: 'Oracle Net session layer: sends and receives packets of a connection.', source: 'seed-004' },
  { prefix: 'nsmore2recv', layer: 'network', summary: 'Checks whether the client sent more data (such as a break) during a long call: the in-band break check.', source: 'seed-004' },
  { prefix: 'nt', layer: 'network', summary: 'Oracle Net transport layer: protocol adapters such as TCP.', source: 'layers' },
  { prefix: 'na', layer: 'network', summary: 'Oracle Net native services: authentication, encryption and checksums.', source: 'layers' },
  { prefix: 'snt', layer: 'network', summary: 'OS-dependent network transport: socket calls.', source: 'seed-004' },
  { prefix: 'snttmoredata', layer: 'network', summary: 'Asks the TCP socket whether data is waiting, with poll(); the cost of in-band break checks (break_poll_skip thins them).', source: 'seed-004' },
  { prefix: 'sntpoltsts', layer: 'network', summary: 'Polls the socket (poll()/pollsys()) for the in-band break check.', source: 'seed-004' },

  // Compilation: SQL and PL/SQL.
  { prefix: 'kk', layer: 'SQL compilation', summary: 'Compilation layer: parses SQL and compiles PL/SQL.', source: 'layers' },
  { prefix: 'kks', layer: 'SQL compilation', summary: 'Cursor sharing: finds a shared cursor for a SQL text or builds a new one (soft and hard parses).', source: 'layers' },
  { prefix: 'kko', layer: 'SQL compilation', summary: 'Cost-based optimizer.', source: 'layers' },
  { prefix: 'kkx', layer: 'SQL and PL/SQL execution', summary: 'Bridge between the SQL and PL/SQL engines: runs PL/SQL on behalf of a call and back.', source: 'seed-000' },
  { prefix: 'kkxexe', layer: 'SQL and PL/SQL execution', summary: 'Executes a PL/SQL block for the calling SQL layer.', source: 'seed-000' },
  { prefix: 'qc', layer: 'SQL compilation', summary: 'SQL parser and semantic analysis (name resolution, type checks).', source: 'layers' },
  { prefix: 'qk', layer: 'SQL compilation', summary: 'Query compilation: optimizer transformations and plan generation.', source: 'layers' },

  // Execution and row sources.
  { prefix: 'kx', layer: 'SQL and PL/SQL execution', summary: 'Execution layer: binds and executes SQL and PL/SQL.', source: 'layers' },
  { prefix: 'kxs', layer: 'SQL and PL/SQL execution', summary: 'Execution of shared cursors.', source: 'layers' },
  { prefix: 'qer', layer: 'row sources', summary: 'SQL row sources: each operation of an execution plan is one row source.', source: 'row-sources' },
  { prefix: 'qertb', layer: 'row sources', summary: 'Row source TABLE ACCESS (full, or by rowid).', source: 'row-sources' },
  { prefix: 'qerix', layer: 'row sources', summary: 'Row source INDEX access (unique, range, full scans).', source: 'row-sources' },
  { prefix: 'qergs', layer: 'row sources', summary: 'Row source SORT GROUP BY / aggregation.', source: 'row-sources' },
  { prefix: 'qerso', layer: 'row sources', summary: 'Row source SORT.', source: 'row-sources' },
  { prefix: 'qerhj', layer: 'row sources', summary: 'Row source HASH JOIN.', source: 'row-sources' },
  { prefix: 'qerjo', layer: 'row sources', summary: 'Row source NESTED LOOPS join.', source: 'row-sources' },
  { prefix: 'qerco', layer: 'row sources', summary: 'Row source COUNT (ROWNUM).', source: 'row-sources' },
  { prefix: 'qerfl', layer: 'row sources', summary: 'Row source FILTER.', source: 'row-sources' },
  { prefix: 'qerfx', layer: 'row sources', summary: 'Row source FIXED TABLE (X$ tables behind the V$ views).', source: 'row-sources' },
  { prefix: 'qeril', layer: 'row sources', summary: 'Row source INLIST ITERATOR.', source: 'row-sources' },
  { prefix: 'qerpx', layer: 'row sources', summary: 'Parallel execution row sources (PX coordinator and slaves).', source: 'row-sources' },
  { prefix: 'qerup', layer: 'row sources', summary: 'Row source UPDATE.', source: 'row-sources' },
  { prefix: 'qerdl', layer: 'row sources', summary: 'Row source DELETE.', source: 'row-sources' },
  { prefix: 'qerst', layer: 'rowsource statistics', summary: 'Rowsource statistics: rows and time per plan operation (STATISTICS_LEVEL=ALL, gather_plan_statistics, SQL trace).', source: 'seed-002' },
  { prefix: 'qerstSnapStats', layer: 'rowsource statistics', summary: 'Takes the statistics snapshot before a child row source is called; reads the clock when timing is sampled.', source: 'seed-002' },
  { prefix: 'qerstUpdateStats', layer: 'rowsource statistics', summary: 'Adds a child row source\'s rows and time after it returns; the timer calls here are the overhead of plan statistics.', source: 'seed-002' },

  // Cache, data and transaction layers.
  { prefix: 'kc', layer: 'buffer cache', summary: 'Cache layer: buffer cache, redo and control files.', source: 'layers' },
  { prefix: 'kcb', layer: 'buffer cache', summary: 'Buffer cache: gets blocks in consistent or current mode (the logical reads).', source: 'layers' },
  { prefix: 'kcbgtcr', layer: 'buffer cache', summary: 'Gets a block in consistent-read mode: one "consistent get".', source: 'layers' },
  { prefix: 'kcbgcur', layer: 'buffer cache', summary: 'Gets a block in current mode: one "db block get".', source: 'layers' },
  { prefix: 'kcr', layer: 'transactions', summary: 'Redo: generates and writes redo records.', source: 'layers' },
  { prefix: 'kd', layer: 'data layer', summary: 'Data layer: rows inside blocks (read, insert, update, delete).', source: 'layers' },
  { prefix: 'kdst', layer: 'data layer', summary: 'Full table scan: reads rows block by block.', source: 'layers' },
  { prefix: 'kdi', layer: 'data layer', summary: 'B-tree index blocks: lookups and maintenance.', source: 'layers' },
  { prefix: 'kdo', layer: 'data layer', summary: 'Data operations: row changes and their redo.', source: 'layers' },
  { prefix: 'kt', layer: 'transactions', summary: 'Transaction layer: transactions, undo and space.', source: 'layers' },
  { prefix: 'ktc', layer: 'transactions', summary: 'Transaction control: commit, rollback, savepoints.', source: 'layers' },
  { prefix: 'ktu', layer: 'transactions', summary: 'Undo: undo segments and applying undo.', source: 'layers' },
  { prefix: 'ktb', layer: 'transactions', summary: 'Transaction information in a block (interested transaction list).', source: 'layers' },

  // Services layer: sessions, latches, waits, parameters.
  { prefix: 'ks', layer: 'services', summary: 'Services layer: sessions, processes, latches, waits, parameters and diagnostics.', source: 'layers' },
  { prefix: 'ksl', layer: 'services', summary: 'Latches and wait-event instrumentation (post/wait).', source: 'layers' },
  { prefix: 'kslwtbctx', layer: 'services', summary: 'Marks the start of a wait event.', source: 'notes' },
  { prefix: 'kslwtectx', layer: 'services', summary: 'Marks the end of a wait event.', source: 'notes' },
  { prefix: 'ksu', layer: 'services', summary: 'User sessions and processes: session state, calls, interrupts.', source: 'layers' },
  { prefix: 'kse', layer: 'errors', summary: 'Error reporting and diagnostic dumps; ksemgm gets an error message.', source: 'seed-001' },
  { prefix: 'ksp', layer: 'services', summary: 'Initialization parameters of the instance and session.', source: 'layers' },
  { prefix: 'kss', layer: 'services', summary: 'State objects: session resources and their clean-up.', source: 'layers' },
  { prefix: 'ksm', layer: 'memory', summary: 'Memory management of the SGA and PGA.', source: 'layers' },
  { prefix: 'kskthbwt', layer: 'services', summary: 'Called when a wait event begins (wait-event boundary).', source: 'notes' },
  { prefix: 'kskthewt', layer: 'services', summary: 'Called when a wait event ends (wait-event boundary).', source: 'notes' },
  { prefix: 'kq', layer: 'services', summary: 'Query layer: dictionary (row) cache.', source: 'layers' },
  { prefix: 'kqr', layer: 'services', summary: 'Row cache: cached data-dictionary rows.', source: 'layers' },
  { prefix: 'kz', layer: 'services', summary: 'Security layer: privilege and access checks.', source: 'layers' },
  { prefix: 'kj', layer: 'services', summary: 'Lock manager (global enqueues and cache fusion in RAC).', source: 'layers' },
  { prefix: 'k2', layer: 'transactions', summary: 'Distributed transactions (two-phase commit).', source: 'layers' },

  // Below Oracle: the C library and the vDSO.
  { prefix: '__libc_', layer: 'C library', summary: 'C library wrapper around a system call.', source: 'linux' },
  { prefix: '__vdso', layer: 'Linux kernel', summary: 'vDSO: clock reads (clock_gettime, gettimeofday) served without a system call.', source: 'notes' },
  { prefix: 'fwrite', layer: 'C library', summary: 'Buffered stream write; the stream\'s buffer size decides the write() sizes.', source: 'seed-003' },
  { prefix: 'fflush', layer: 'C library', summary: 'Writes a stream\'s buffer out with write().', source: 'seed-003' },
  { prefix: 'gethrtime', layer: 'timers', summary: 'Solaris high-resolution clock read (the timer calls of rowsource statistics).', source: 'seed-002' },
  // Named in the seeds' traces (seed 000's function counts, seed 003's write stacks, seed 004's pstack).
  { prefix: 'plsql_run', layer: 'PL/SQL VM', summary: 'Runs a PL/SQL call in the server: set-up, then the interpreter; its time is the block\'s time (seed 000 timed it at 24.4 s under DTrace).', source: 'seed-000', exact: true },
  { prefix: 'pei', layer: 'SQL and PL/SQL execution', summary: 'PL/SQL engine interface: the SQL layer enters the PL/SQL engine through it (peicnt runs the top-level block).', source: 'seed-000' },
  { prefix: 'pef', layer: 'PL/SQL VM', summary: 'PL/SQL external calls: calls the C implementation of a built-in or a trusted callout (UTL_FILE in seed 003).', source: 'seed-003' },
  { prefix: 'spef', layer: 'OS-dependent', summary: 'OS-dependent call of an external (C) function with the platform calling convention.', source: 'seed-003' },
  { prefix: 'psd', layer: 'PL/SQL VM', summary: 'PL/SQL built-in dispatch: hands a built-in package call (UTL_FILE here) to its C code.', source: 'seed-003' },
  { prefix: 'pdz', layer: 'SQL compilation', summary: 'PL/SQL compiler internals; a few hundred calls when a unit is loaded, not once per loop iteration.', source: 'seed-000' },
  { prefix: 'lnx', layer: 'SQL and PL/SQL execution', summary: 'Oracle NUMBER arithmetic: lnxmul multiplies, lnxmin makes a NUMBER from a machine integer; once per operation (1,000,000 times in seed 000\'s loop).', source: 'seed-000' },
  { prefix: 'dbg', layer: 'services', summary: 'Diagnosability framework: in-memory trace and incident bookkeeping (dbgtrPrepareWrite prepares a trace record).', source: 'layers' },
  { prefix: 'sou2o', layer: 'OS-dependent', summary: 'Start-up glue from the OS-dependent entry point to the Oracle main routine; near the root of every server stack.', source: 'layers' },
  { prefix: 'ttcpip', layer: 'program interface', summary: 'Two-task common: decodes a client request packet and dispatches it; the server side of the wire protocol.', source: 'layers' },
  { prefix: 'nio', layer: 'network', summary: 'Network I/O between the program interface and Oracle Net; nioqts asks whether client data is pending (on the way to the in-band break check).', source: 'seed-004' },
  { prefix: 'lfi', layer: 'files', summary: 'Oracle\'s portable file library under UTL_FILE: lfiwr writes, lfibwrb writes through a buffer, lfiflu flushes.', source: 'seed-003' },
  { prefix: 'joevm', layer: 'Java VM', summary: 'The database\'s Java VM; joevm_invoke_sysnative calls a native method from Java.', source: 'seed-003' },
  { prefix: 'jonfos', layer: 'Java VM', summary: 'Java FileOutputStream native code in the database JVM: writes the bytes a Java program passes.', source: 'seed-003' },
  { prefix: 'sjonfile_write', layer: 'Java VM', summary: 'OS-dependent write of a Java file: one write() with the size the Java code gave (32767 in seed 003).', source: 'seed-003' },
  { prefix: 'setjmp', layer: 'C library', summary: 'Saves the registers for a later longjmp (error recovery points).', source: 'solaris', exact: true },
  { prefix: 'memset', layer: 'C library', summary: 'Fills memory with a byte (clearing buffers and structures).', source: 'linux' },
  { prefix: '__memset', layer: 'C library', summary: 'Fills memory with a byte (clearing buffers and structures).', source: 'linux' },
  { prefix: '_fwrite_unlocked', layer: 'C library', summary: 'Solaris libc fwrite() body: copies into the stream buffer and writes it out when full, in the buffer\'s size (4 KB in seed 003).', source: 'seed-003', exact: true },
  { prefix: '_fflush_u', layer: 'C library', summary: 'Solaris libc fflush() body: writes out the stream buffer in one write().', source: 'seed-003', exact: true },
  { prefix: '_xflsbuf', layer: 'C library', summary: 'Solaris libc: flushes a stdio buffer with write().', source: 'seed-003', exact: true },
  { prefix: '_write_file', layer: 'C library', summary: 'Solaris libc: the write() loop of a stdio stream.', source: 'seed-003', exact: true },
  { prefix: '__write', layer: 'system calls', summary: 'The C library\'s write() system call wrapper; its third argument is the size written (seed 003 counted them by size).', source: 'seed-003' },
  { prefix: '__read', layer: 'system calls', summary: 'The C library\'s read() system call wrapper (the message-file reads of seed 001).', source: 'seed-001' },
  { prefix: 'write', layer: 'system calls', summary: 'write(): writes bytes to a file descriptor; its size shows who chose the I/O size.', source: 'seed-003', exact: true },
  { prefix: 'read', layer: 'system calls', summary: 'read(): reads bytes from a file descriptor (oraus.msb for each handled exception on 12.2).', source: 'seed-001', exact: true },
  { prefix: 'poll', layer: 'system calls', summary: 'poll(): waits for file descriptors to be ready; with timeout 0 the in-band break check of the client socket.', source: 'seed-004', exact: true },
  { prefix: 'pollsys', layer: 'system calls', summary: 'Solaris poll() system call: the in-band break check of seed 004 (1,355,248 calls for 4,089,670 logical reads).', source: 'seed-004', exact: true },
  { prefix: 'getrusage', layer: 'system calls', summary: 'getrusage(): the process\'s CPU time, read by Oracle\'s CPU statistics.', source: 'linux', exact: true },
  { prefix: 'gettimeofday', layer: 'system calls', summary: 'Wall-clock read; a system call only when the vDSO is off (seed 002 counted 40,000,640 in that mode).', source: 'seed-002', exact: true },
  { prefix: 'times', layer: 'system calls', summary: 'times(): the process\'s CPU times.', source: 'solaris', exact: true },
  { prefix: 'yield', layer: 'system calls', summary: 'Solaris yield(): gives the CPU to another thread (spinning on a latch or mutex).', source: 'solaris', exact: true },
];
