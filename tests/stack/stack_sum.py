#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The deepest stack a request can take through our modules.

    stack_sum.py TAG BOUND DIR

DIR is a module build made with KCFLAGS=-fstack-usage: each C function's
frame comes from its .su line (gcc counts the return address in it), each
assembly function's from its code (8 for the return address, 8 per push,
every immediate subtracted from %rsp).  Calls come from objdump: direct
calls and tail jumps, resolved by symbol.  The entry points are the
functions our algorithm tables (data objects named *_algs) point at: what
the crypto API calls for a request, setkey and tfm init.  Calls into the
kernel end a path there (their frames are the kernel's; the VM measures
the whole stack, tests/vm/guest-stack.sh).

One PASS line when the deepest path is within BOUND bytes, with the path;
FAIL when it is not, when a path makes an indirect call, or when a frame
is unknown (a C function without its .su line, a dynamic frame).
"""
import os
import re
import subprocess
import sys

FUNC_RE = re.compile(r'^[0-9a-f]+ <([^>]+)>:$')
INSN_RE = re.compile(r'^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$')
RELOC_RE = re.compile(r'^\s*[0-9a-f]+: (R_X86_64_\w+)\s+(\S+)$')
TARGET_RE = re.compile(r'<([^>+]+)(\+0x[0-9a-f]+)?>')
SUFFIX_RE = re.compile(r'(\.(constprop|isra|part|cold)(\.\d+)?)+$')

# what a path may call that is not a call: profiling hooks, the return
# thunk (a ret), the stack protector's failure (does not return)
NOT_CALLS = {'__fentry__', '__x86_return_thunk', '__stack_chk_fail',
             '__ubsan_handle_out_of_bounds', '__SCT__preempt_schedule',
             '__SCT__preempt_schedule_notrace'}


def base(name):
    return SUFFIX_RE.sub('', name)


def run(*cmd):
    return subprocess.run(cmd, check=True, capture_output=True,
                          text=True).stdout


def su_frames(path):
    """{function: (bytes, qualifier)} of one .su file"""
    frames = {}
    with open(path) as f:
        for line in f:
            where, size, qual = line.rstrip('\n').split('\t')
            frames[base(where.rsplit(':', 1)[1])] = (int(size), qual)
    return frames


def parse_object(obj):
    """{function: {'calls': set, 'indirect': bool, 'asm_frame': int}}"""
    funcs = {}
    cur = name = pending = None

    def commit():
        # a call or jump without a relocation: its displayed target
        if pending and pending != name and not pending.startswith('.') \
                and pending not in NOT_CALLS:
            cur['calls'].add(pending)

    for line in run('objdump', '-dr', '--no-show-raw-insn', obj).splitlines():
        m = RELOC_RE.match(line)
        if m and cur is not None:
            # a call or jump to another object's symbol (or a section):
            # the displayed target was the unrelocated placeholder
            sym = base(re.sub(r'[-+]0x[0-9a-f]+$', '', m.group(2)))
            if pending is not None and \
                    m.group(1) in ('R_X86_64_PLT32', 'R_X86_64_PC32') and \
                    sym not in NOT_CALLS:
                cur['calls'].add(sym)
            pending = None
            continue
        if cur is not None:
            commit()
        pending = None
        m = FUNC_RE.match(line)
        if m and (re.search(r'-0x[0-9a-f]+$', m.group(1)) or
                  m.group(1).startswith('__pfx_')):
            cur = None	# the padding before a function (CALL_PADDING)
            continue
        if m:
            name = base(m.group(1))
            cur = {'calls': set(), 'indirect': False, 'asm_frame': 8}
            funcs[name] = cur
            continue
        m = INSN_RE.match(line)
        if cur is None or not m:
            continue
        op, args = m.group(2), m.group(3)
        if op.startswith('push'):
            cur['asm_frame'] += 8
        imm = re.match(r'\$0x([0-9a-f]+),%rsp$', args)
        if op.startswith('sub') and imm:
            cur['asm_frame'] += int(imm.group(1), 16)
        if not (op.startswith('call') or op.startswith('jmp')):
            continue
        if '*' in args or '__x86_indirect_thunk' in args:
            cur['indirect'] = True
            continue
        t = TARGET_RE.search(args)
        pending = base(t.group(1)) if t else ''
    if cur is not None:
        commit()
    return funcs


def func_symbols(obj):
    """{(section, address): function} from the symbol table"""
    syms = {}
    for line in run('objdump', '-t', obj).splitlines():
        m = re.match(r'^([0-9a-f]+) .{6}F (\S+)\s+[0-9a-f]+\s+(\S+)$', line)
        if m:
            syms[(m.group(2), int(m.group(1), 16))] = base(m.group(3))
    return syms


def data_entries(obj):
    """functions referenced from the data objects named *_algs"""
    ranges = []
    for line in run('nm', '-S', obj).splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[3].endswith('_algs') and \
                parts[2] in 'dD':
            ranges.append((int(parts[0], 16),
                           int(parts[0], 16) + int(parts[1], 16)))
    syms = func_symbols(obj)
    entries = set()
    section = None
    for line in run('objdump', '-r', obj).splitlines():
        m = re.match(r'^RELOCATION RECORDS FOR \[(.*)\]:', line)
        if m:
            section = m.group(1)
            continue
        m = re.match(r'^([0-9a-f]+) R_X86_64_64\s+(\S+?)(\+0x([0-9a-f]+))?$',
                     line)
        if section != '.data' or not m or \
                not any(a <= int(m.group(1), 16) < b for a, b in ranges):
            continue
        off = int(m.group(4), 16) if m.group(4) else 0
        if (m.group(2), off) in syms:	# a static function: section+offset
            entries.add(syms[(m.group(2), off)])
        elif not m.group(2).startswith('.') and \
                not m.group(2).startswith('__this_module'):
            entries.add(base(m.group(2)))
    return entries


def main():
    tag, bound, top = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    funcs, frames, entries, problems = {}, {}, set(), []
    for d, _, files in os.walk(top):
        if os.path.relpath(d, top).startswith('tests'):
            continue
        for f in files:
            if not f.endswith('.o') or f.endswith('.mod.o') or \
                    not os.path.exists(os.path.join(d, f[:-2] + '.c')) and \
                    not os.path.exists(os.path.join(d, f[:-2] + '.S')):
                continue
            obj = os.path.join(d, f)
            parsed = parse_object(obj)
            su = os.path.join(d, f[:-2] + '.su')
            is_c = os.path.exists(os.path.join(d, f[:-2] + '.c'))
            known = su_frames(su) if is_c and os.path.exists(su) else {}
            for name, info in parsed.items():
                if name in ('init_module', 'cleanup_module'):
                    continue	# aliases of the module's init and exit
                if is_c:
                    if name not in known:
                        problems.append(f'{name}: no .su line')
                        continue
                    size, qual = known[name]
                    if qual == 'dynamic':
                        problems.append(f'{name}: dynamic frame')
                    frames[name] = size
                else:
                    frames[name] = info['asm_frame']
                funcs[name] = info
            if is_c:
                entries |= data_entries(obj)
    if not entries:
        print(f'FAIL [{tag}] stack: no algorithm table found in {top}')
        return 1

    memo, onpath = {}, set()

    def deepest(name):
        """(bytes, path) of the deepest chain from @name in our code"""
        if name in memo:
            return memo[name]
        if name not in funcs:	# the kernel's
            return 0, []
        if name in onpath:
            problems.append(f'{name}: recursion')
            return 0, []
        onpath.add(name)
        info = funcs[name]
        if info['indirect']:
            problems.append(f'{name}: indirect call on a request path')
        best = (0, [])
        for callee in sorted(info['calls']):
            got = deepest(callee)
            if got[0] > best[0]:
                best = got
        onpath.discard(name)
        memo[name] = (frames.get(name, 0) + best[0],
                      [f'{name} {frames.get(name, 0)}'] + best[1])
        return memo[name]

    worst = max((deepest(e) for e in sorted(entries)), key=lambda r: r[0])
    for p in sorted(set(problems)):
        print(f'FAIL [{tag}] stack: {p}')
    path = ' > '.join(worst[1])
    verdict = 'PASS' if worst[0] <= bound and not problems else 'FAIL'
    print(f'{verdict} [{tag}] deepest request path {worst[0]} bytes of stack '
          f'(bound {bound}) over {len(entries)} entry points: {path}')
    return 0 if verdict == 'PASS' else 1


if __name__ == '__main__':
    sys.exit(main())
