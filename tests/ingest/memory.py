"""Measuring what reading a file costs in memory, in a subprocess of its own.

`PEAK_MIB` is source for the scripts those subprocesses run: `peak_mib()` answers the peak resident
memory of the process image in MiB. It reads VmHWM, which starts afresh at exec; getrusage's ru_maxrss
does not (Linux carries it over from the forking parent, pytest), so growth measured with it stays at
zero until the child outgrows its parent."""

PEAK_MIB = """
def peak_mib():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) // 1024
"""
