# What moves a checkpoint's bytes on a node (Python 3.6 or later, standard library only: every
# node that runs verl has it). Compiled into the tool (mover.h, generated) and sent with each transfer.
#
#   recv MARKER LABEL [INDEX TEMP SIZE]...
#     The files' bytes arrive on stdin one after the other. Each is appended to TEMP from the size it
#     has there and hashed in the same pass (what was there is read once first), so nothing reads the
#     bytes twice. Prints "sha INDEX HEX" for each file that became whole, and stops at the first file
#     the stream ends in ("short INDEX"). With LABEL (the host the bytes come from): "via INDEX LABEL"
#     for each file that grew, and "vna-got all BYTES" on stderr, what the files hold, each second they
#     grow (silence is a stall); when stderr is gone (the sync that started this is gone) the process
#     group is killed. MARKER (when set) gets "w PID TEMP" before TEMP grows: a relay on this node
#     follows TEMP while that process lives. With VNA_STOP_FD set in the environment (a descriptor number:
#     the stdin of the ssh session that started this, when the bytes come from elsewhere), the end of
#     that descriptor stops it with exit code 25: the sync was canceled; what arrived stays.
#   send MARKER WAIT LIMIT MODES FIRST N [TEMP FINAL SIZE MTIME]*N [OFFSET]*N
#     The relay, on a host another node receives from: files FIRST.. to stdout, each from OFFSET. A
#     file comes from TEMP while this host's sync writes it (its MARKER names it), read as it grows,
#     or from FINAL once that is the source's file (size and time; MODE f: size only). Exits 3 when
#     there is nothing to send within WAIT tries 20 ms apart, 6 when the writer stopped before the file
#     was whole (the stream ends there: never another file's bytes in its place). LIMIT bytes per
#     second per stream, 0: none.
import hashlib
import os
import select
import socket
import stat
import sys
import time

CHUNK = 1 << 20


def fail(code, message):
    sys.stderr.write(message + "\n")
    sys.exit(code)


def read_into(fd, view):
    """Reads into `view` (a memoryview of one buffer for the whole run: no allocation per piece)."""
    while True:
        try:
            return os.readv(fd, [view])
        except BlockingIOError:
            select.select([fd], [], [])
        except InterruptedError:
            pass


def wait_for_bytes(fd, stop):
    """Until `fd` has bytes or its end. Exits 25 when `stop` ends first: the sync was canceled."""
    while True:
        try:
            ready = select.select([fd, stop], [], [])[0]
        except InterruptedError:
            continue
        if stop in ready:
            try:
                more = os.read(stop, 4096)
            except OSError:
                more = b""
            if not more:
                fail(25, "canceled by the sync that started it")
        if fd in ready:
            return


def write_all(fd, data):
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(fd, view):]
        except BlockingIOError:
            select.select([], [fd], [])
        except InterruptedError:
            pass


def pid_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


class Meter:
    def __init__(self, temps):
        self.bytes = 0
        for temp in temps:
            try:
                self.bytes += os.stat(temp).st_size
            except OSError:
                pass
        self.shown = time.monotonic()

    def add(self, count):
        self.bytes += count
        now = time.monotonic()
        if now - self.shown >= 1:
            self.shown = now
            try:
                sys.stderr.write("vna-got all %d\n" % self.bytes)
                sys.stderr.flush()
            except OSError:
                os.kill(0, 9)


def recv(args):
    marker, label, files = args[0], args[1], args[2:]
    say = sys.stdout
    meter = Meter(files[1::3]) if label else None
    view = memoryview(bytearray(CHUNK))
    stop = int(os.environ["VNA_STOP_FD"]) if os.environ.get("VNA_STOP_FD") else None
    for j in range(0, len(files) - 2, 3):
        index, temp, size = files[j], files[j + 1], int(files[j + 2])
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o600)
        except OSError as e:
            fail(11, "file %s: %s: %s" % (index, temp, e.strerror))
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > size:
            fail(15, "file %s: %s is not a partial copy of this file; remove it" % (index, temp))
        have = info.st_size
        if have == size and have > 0:
            os.close(fd)
            continue
        digest = hashlib.sha256()
        if have:
            with open(temp, "rb") as old:
                left = have
                while left:
                    piece = old.read(min(CHUNK, left))
                    if not piece:
                        fail(11, "file %s: %s shrank while it was read" % (index, temp))
                    digest.update(piece)
                    left -= len(piece)
        if marker:
            with open(marker, "a") as m:
                m.write("w %d %s\n" % (os.getpid(), temp))
        left = size - have
        while left:
            if stop is not None:
                wait_for_bytes(0, stop)
            got = read_into(0, view[:min(CHUNK, left)])
            if not got:
                break
            piece = view[:got]
            write_all(fd, piece)
            digest.update(piece)
            left -= got
            if meter:
                meter.add(got)
        os.close(fd)
        if label and left < size - have:
            say.write("via %s %s\n" % (index, label))
        if left:
            say.write("short %s\n" % index)
            say.flush()
            return
        say.write("sha %s %s\n" % (index, digest.hexdigest()))
        say.flush()


def marker_lines(marker):
    try:
        with open(marker) as m:
            return m.read().split("\n")
    except OSError:
        return None


def alive(marker):
    lines = marker_lines(marker)
    if not lines or "end" in lines:
        return False
    try:
        return pid_alive(int(lines[0]))
    except ValueError:
        return False


def writer_of(marker, temp):
    pid = None
    for line in marker_lines(marker) or []:
        words = line.split(" ", 2)
        if len(words) == 3 and words[0] == "w" and words[2] == temp:
            pid = int(words[1])
    return pid


def open_regular(path):
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError("not a regular file")
    os.set_blocking(fd, True)
    return fd


def send_piece(fd, position, count):
    """Up to `count` bytes of the file from `position` to stdout, by the kernel (sendfile: no copy
    through this process); 0 at the end of what the file holds now."""
    while True:
        try:
            return os.sendfile(1, fd, position, count)
        except BlockingIOError:
            select.select([], [1], [])
        except InterruptedError:
            pass


def send(args):
    marker, wait, limit, modes = args[0], int(args[1]), int(args[2]), args[3]
    first, count = int(args[4]), int(args[5])
    files = [args[6 + 4 * i:10 + 4 * i] for i in range(count)]
    offsets = [int(o) for o in args[6 + 4 * count:6 + 5 * count]]
    host = socket.gethostname()
    for i in range(first, count):
        temp, final, size, mtime = files[i][0], files[i][1], int(files[i][2]), int(files[i][3])
        offset = offsets[i]
        if offset >= size:
            continue
        fd, growing, tries = None, False, 0
        while fd is None:
            if modes[i] == "t" and alive(marker) and os.path.isfile(temp):
                try:
                    fd, growing = open_regular(temp), True
                    break
                except OSError:
                    pass
            try:
                info = os.lstat(final)
                if (stat.S_ISREG(info.st_mode) and info.st_size == size
                        and (modes[i] == "f" or int(info.st_mtime) == mtime)):
                    fd = open_regular(final)
                    break
            except OSError:
                pass
            if modes[i] == "f" or (os.path.exists(marker) and not alive(marker)):
                fail(3, "%s has no copy of %s to send" % (host, final))
            tries += 1
            if tries >= wait:
                fail(3, "no sync started on %s to send %s" % (host, final))
            time.sleep(0.02)
        # due: when the bytes sent so far may have left at the limit; at most 1/8 s unused is saved up,
        # so a stall (following a growing file) is not made up by a burst above the limit.
        position, due, checked, stalled = offset, time.monotonic(), 0.0, None
        step = CHUNK if limit <= 0 else max(4096, min(CHUNK, limit // 10 + 1))
        while position < size:
            sent = send_piece(fd, position, min(step, size - position))
            if sent:
                position += sent
                if limit > 0:
                    now = time.monotonic()
                    due = max(due, now - 0.125) + sent / limit
                    if due > now:
                        time.sleep(due - now)
                continue
            if not growing:
                fail(6, "%s on %s ended at %d of %d bytes" % (final, host, position, size))
            now = time.monotonic()
            if now - checked > 0.25:
                checked = now
                writer = writer_of(marker, temp)
                if writer is None and not alive(marker):
                    fail(6, "the sync on %s stopped before it wrote %s" % (host, final))
                if writer is not None and not pid_alive(writer) and os.fstat(fd).st_size <= position:
                    # Its writer ended early. While that sync lives, another writer goes on (it
                    # turned to another upstream): wait for it as long as for a sync to start.
                    if stalled is None:
                        stalled = now
                    if not alive(marker) or now - stalled > wait * 0.02:
                        fail(6, "the sync on %s stopped at %d of %d bytes of %s" % (host, position, size, final))
                else:
                    stalled = None
            time.sleep(0.01)
        os.close(fd)


if __name__ == "__main__":
    {"recv": recv, "send": send}[sys.argv[1]](sys.argv[2:])
