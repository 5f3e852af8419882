# SPDX-License-Identifier: Apache-2.0
# rtbench - build, install and test.
#
#   make                 build build/rtbench
#   make run             build and run the study with defaults ($(BUILD)/result.json)
#   make check           install what the tests need (root + apt-get, from
#                        tests/packages.txt; says what), then every test, none skipped
#   make test            build and run every test (prints "N passed, N failed, N skipped")
#   make install PREFIX=/usr/local DESTDIR=   (program, man page, docs, schema, completion)
#   make man             rtbench(1) from the --help texts (tools/gen-man.sh)
#   make deb             the Debian package (dpkg-buildpackage -us -uc -b) into $(BUILD)/deb
#   make CROSS_COMPILE=aarch64-linux-gnu-  or  make CC=clang
#   make PORT=posix      the porting layer to build (src/port/$(PORT)/)
#
# The measuring core (the device-side rooms below and src/port) needs only
# libc, pthreads and librt. The host-side analysis (src/host: compare and
# report) also needs libjansson (Debian: libjansson-dev); it is built when
# $(CC) can build and link against it for the target (HOST=1), left out
# otherwise with one line saying so (HOST=0), so `make` works on a machine
# or for a target without it and `rtbench run` is always there.

VERSION   := 0.1.0
PORT      ?= posix
PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
CROSS_COMPILE ?=
CC        := $(if $(filter default,$(origin CC)),$(CROSS_COMPILE)gcc,$(CC))
# make SANITIZE=asan (or tsan): this build instrumented, in build-asan/
# (SANITIZE was read by check-sanitize alone, so `make SANITIZE=asan`
# built without sanitizers and said nothing); check-sanitize's own
# sub-make gives SAN_FLAGS itself.
ifeq ($(origin SANITIZE)$(origin SAN_FLAGS),command lineundefined)
ifeq ($(filter check-sanitize%,$(MAKECMDGOALS)),)
ifneq ($(filter-out asan tsan,$(SANITIZE))$(words $(SANITIZE)),1)
$(error SANITIZE=$(SANITIZE): give one of asan, tsan (or make check-sanitize for both))
endif
BUILD     ?= build-$(SANITIZE)
SAN_FLAGS  = $(SAN_$(SANITIZE))
$(info make: SANITIZE=$(SANITIZE): an instrumented build (-fsanitize) in $(BUILD)/)
endif
endif
BUILD     ?= build
WERROR    ?= -Werror
# The Linux port records the kernel's event trace (run --trace) with
# libtracefs/libtraceevent (Debian: libtracefs-dev libtraceevent-dev) when
# the target has them (TRACE=1); without them --trace says so and the run
# goes on untraced.
# Both are found by building a probe for the TARGET, compiled and linked
# with $(CC) and the user's flags: a header the host has is not a library
# the target has (CROSS_COMPILE=aarch64-linux-gnu- finds the host's
# /usr/include/jansson.h, then cannot link -ljansson). What is left out is
# said in one line; TRACE=0/1 and HOST=0/1 given by the user are taken as
# they are.
TRACE_CFLAGS := -I/usr/include/tracefs -I/usr/include/traceevent
# probe CODE, FLAGS, LIBS - 1 when CODE compiles and links for the target
probe = $(shell printf '$(1)' | $(CC) $(CFLAGS) $(CPPFLAGS) $(2) $(LDFLAGS) -x c - -o /dev/null $(3) >/dev/null 2>&1 && echo 1 || echo 0)
ifeq ($(origin TRACE),undefined)
TRACE     := $(if $(filter posix,$(PORT)),$(call probe,\043include <tracefs.h>\n\043include <event-parse.h>\nint main(void) { return !tracefs_tracing_dir() || !tep_alloc(); }\n,$(TRACE_CFLAGS),-ltracefs -ltraceevent),0)
ifeq ($(TRACE)$(filter posix,$(PORT)),0posix)
$(info make: TRACE=0: $(CC) cannot build and link against libtracefs/libtraceevent (Debian: libtracefs-dev libtraceevent-dev for the target): run --trace left out)
endif
endif
ifeq ($(origin HOST),undefined)
HOST      := $(call probe,\043include <jansson.h>\nint main(void) { return !json_object(); }\n,,-ljansson)
ifeq ($(HOST),0)
$(info make: HOST=0: $(CC) cannot build and link against libjansson (Debian: libjansson-dev for the target): compare, report, check, ingest left out)
endif
endif

# BPF (run --trace-bpf, the in-kernel aggregation; src/port/posix/bpf_kagg*):
# 1 when the target links against libbpf and BPF_CLANG compiles for the BPF
# target (Debian: libbpf-dev clang); 0 leaves it out, said in one line.
BPF_CLANG ?= clang
ifeq ($(origin BPF),undefined)
BPF       := $(if $(filter posix,$(PORT)),$(if $(filter 1,$(call probe,\043include <bpf/libbpf.h>\nint main(void) { return libbpf_num_possible_cpus() < 0; }\n,,-lbpf)),$(shell echo 'int x;' | $(BPF_CLANG) -target bpf -x c -c - -o /dev/null >/dev/null 2>&1 && echo 1 || echo 0),0),0)
ifeq ($(BPF)$(filter posix,$(PORT)),0posix)
$(info make: BPF=0: no libbpf for $(CC), or $(BPF_CLANG) cannot compile for the BPF target (Debian: libbpf-dev clang): run --trace-bpf left out)
endif
endif

# snprintf truncation is intended (fixed-size fields); clang lacks the flag
NO_TRUNC_WARN := $(shell $(CC) -Werror -Wno-format-truncation -E -x c /dev/null >/dev/null 2>&1 && echo -Wno-format-truncation)
# V=1 shows every command
Q         := $(if $(filter 1,$(V)),,@)

override CPPFLAGS  += -Iinclude -Isrc/port/$(PORT) -Isrc -D_GNU_SOURCE -DRTB_VERSION=\"$(VERSION)\"
CFLAGS    ?= -O2 -g
override CFLAGS    += -std=c11 -Wall -Wextra -Wshadow -Wformat=2 -Wmissing-prototypes \
             -Wstrict-prototypes $(NO_TRUNC_WARN) \
             $(WERROR) -pthread $(SAN_FLAGS)
override LDFLAGS   += -pthread $(SAN_FLAGS)
override LDLIBS    += -lrt -lm

# The device side in rooms, lowest floor first (docs/architecture.md;
# tests/e2e/rooms.sh checks that a room reaches only the floors below it):
# model; bench_api, trace, output side by side; bench; run. The entry
# (src/cli, src/main.c) is above them, host-only.
# A build without tracing (TRACE=0, FreeRTOS) leaves the trace room out
# entirely: the entry hands the runner no tracer (rtbench/tracer.h), and no
# port carries a stub for it.
DEVICE_ROOMS := model bench_api $(if $(filter 1,$(TRACE)),trace) output bench run
CORE_SRC  := $(foreach r,$(DEVICE_ROOMS),$(wildcard src/$(r)/*.c)) $(wildcard src/port/$(PORT)/*.c)
ifeq ($(HOST),1)
HOST_SRC  := $(wildcard src/host/*/*.c)
override LDLIBS    += -ljansson
override CPPFLAGS  += -DRTB_HAVE_HOST=1
endif
ifeq ($(TRACE),1)
override CPPFLAGS  += -DRTB_HAVE_TRACE=1
override LDLIBS    += -ltracefs -ltraceevent
# (and in make fuzz's instrumented copy of the library)
TRACEFS_OBJ := $(foreach d,$(BUILD) $(BUILD)/fuzz/obj,$(d)/src/port/$(PORT)/trace.o $(d)/src/port/$(PORT)/trace_read.o $(d)/src/port/$(PORT)/trace_dat.o $(d)/src/port/$(PORT)/trace_dat_rec.o)
$(TRACEFS_OBJ): override CPPFLAGS += $(TRACE_CFLAGS) -DRTB_HAVE_TRACEFS=1
endif
# the BPF program is compiled for the BPF target (below), never as C of the host
CORE_SRC  := $(filter-out %.bpf.c,$(CORE_SRC))
ifeq ($(BPF),1)
override CPPFLAGS  += -DRTB_HAVE_BPF=1
override LDLIBS    += -lbpf
# the program, compiled for the kernel, linked into rtbench as bytes
# (rtb_posix_bpf_kagg_obj) so that rtbench stays one file
BPF_EMBED := $(BUILD)/bpf/bpf_kagg_embed.o
else
CORE_SRC  := $(filter-out src/port/posix/bpf_%,$(CORE_SRC))
endif
MAIN_SRC  := src/main.c
# the program entry's option parsing (src/cli): host-only, like main.c; a
# firmware has its own entry (src/port/freertos/fw)
ENTRY_SRC := $(wildcard src/cli/*.c)
LIB_SRC   := $(CORE_SRC) $(ENTRY_SRC) $(HOST_SRC)
LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/%.o)
DEPS      := $(LIB_OBJ:.o=.d) $(BUILD)/src/main.d

UNIT_SRC  := $(wildcard tests/unit/test_*.c)
ifneq ($(HOST),1)
# tests of the host-side analysis need it built
UNIT_SRC  := $(filter-out $(shell grep -l '"host/' $(UNIT_SRC)),$(UNIT_SRC))
endif
ifneq ($(TRACE),1)
# tests of the trace room need it built
UNIT_SRC  := $(filter-out $(shell grep -lE '"trace/|rtbench/trace(_stream)?\.h"' $(UNIT_SRC)),$(UNIT_SRC))
endif
UNIT_BIN  := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

# A port may bring its own build (a firmware, a simulator, its own `run`):
# src/port/$(PORT)/build.mk
-include src/port/$(PORT)/build.mk

.PHONY: all test unit clean install fuzz bench-peers bench-kernels run check check-fresh man deb FORCE
all: $(BUILD)/rtbench

$(BUILD)/librtbench.a: $(LIB_OBJ) $(BPF_EMBED)
	@echo "  AR      $@"
	$(Q)rm -f $@ && $(CROSS_COMPILE)ar rcs $@ $^

ifeq ($(BPF),1)
$(BUILD)/bpf/bpf_kagg.bpf.o: src/port/posix/bpf_kagg.bpf.c src/port/posix/bpf_kagg.h
	@mkdir -p $(dir $@)
	@echo "  BPF     $<"
	$(Q)$(BPF_CLANG) -O2 -g -target bpf -Wall -I/usr/include/$(shell $(CC) -dumpmachine) -Isrc/port/posix -c -o $@ $<
$(BPF_EMBED): $(BUILD)/bpf/bpf_kagg.bpf.o
	$(Q)printf '.section .rodata\n.balign 8\n.globl rtb_posix_bpf_kagg_obj\n.globl rtb_posix_bpf_kagg_obj_end\nrtb_posix_bpf_kagg_obj:\n.incbin "%s"\nrtb_posix_bpf_kagg_obj_end:\n.section .note.GNU-stack,"",@progbits\n' '$<' | $(CC) -c -x assembler -o $@ -
endif

$(BUILD)/rtbench: $(BUILD)/src/main.o $(BUILD)/librtbench.a
	@echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# Objects depend on the flags they were built with: `make` without jansson
# and again after installing it (HOST 0 -> 1) must rebuild main.o.
$(BUILD)/flags: FORCE
	@mkdir -p $(BUILD)
	@echo '$(CC) $(CPPFLAGS) $(CFLAGS) $(LDLIBS)' | cmp -s - $@ || echo '$(CC) $(CPPFLAGS) $(CFLAGS) $(LDLIBS)' >$@

$(BUILD)/%.o: %.c $(BUILD)/flags
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/librtbench.a tests/unit/check.h $(BUILD)/flags
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) $(LDFLAGS) -o $@ $(filter %.c,$^) $(BUILD)/librtbench.a $(LDLIBS)

# The FreeRTOS port's kernel-free parts (src/port/freertos/fr_*: no FreeRTOS
# header) build on the host into their unit test, so CI covers them
# without a kernel tree.
$(BUILD)/tests/test_freertos_host: $(wildcard src/port/freertos/fr_*.c src/port/freertos/fr_*.h)

# test_trace_reader hands the streaming reader a made-up trace
$(BUILD)/tests/test_trace_reader: override LDFLAGS += \
	-Wl,--wrap=rtb_port_trace_begin,--wrap=rtb_port_trace_end,--wrap=rtb_port_trace_poll
# test_trace_break gets its kernel stacks and their symbols from the test
$(BUILD)/tests/test_trace_break: override LDFLAGS += \
	-Wl,--wrap=rtb_port_trace_stack,--wrap=rtb_port_trace_symbols
# test_pi_cleanup sees every semaphore call sync.prio_inv makes
$(BUILD)/tests/test_pi_cleanup: override LDFLAGS += \
	-Wl,--wrap=rtb_bsem_init,--wrap=rtb_bsem_give,--wrap=rtb_bsem_destroy

unit: $(UNIT_BIN)

# test - every unit, conformance and end-to-end test, each in its own
# process with a timeout; tests/run.sh prints the "N passed, N failed,
# N skipped" line, then the count of tests NOT RUN for want of an external
# source tree (the FreeRTOS ones without a kernel).
test: $(BUILD)/rtbench $(UNIT_BIN)
	tests/run.sh $(BUILD)

# run - the first of the README's two commands: build (the core needs only
# libc, pthreads and librt: it installs nothing) and run the study with
# defaults, tables on the terminal and every figure in $(BUILD)/result.json.
RUN_ARGS ?=
ifndef PORT_RUN
run: $(BUILD)/rtbench
	@echo "make run: installs nothing; running the study (about 25 s)"
	$(BUILD)/rtbench run --json $(BUILD)/result.json $(RUN_ARGS)
endif

# check - the second: install what the tests need when it can (root and
# apt-get; tests/install-deps.sh says what, from tests/packages.txt), then
# build again (the host side appears once jansson is there) and run every
# test on the plain build and again on an ASan+UBSan one (tests/check.sh:
# the instrumented build is made beside the plain build and pass); a skipped test
# fails the check (RTB_NO_SKIP=1); NOT RUN (a test that needs the user's own
# FreeRTOS-Kernel, absent) does not.
check:
	tests/install-deps.sh
	tests/check.sh $(BUILD)

# check-fresh - the fresh-machine rehearsal: .ci/run inside a clean Debian 12
# root (debootstrap minbase; tests/fresh.sh says how). Root and the Debian
# archive needed; not part of `make check` (it runs it).
check-fresh:
	tests/fresh.sh

# check-sanitize - the unit and end-to-end tests again, on a build with
# AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/) and one with
# ThreadSanitizer (build-tsan/); any report fails the test that caused it.
# SANITIZE=asan (what `make check` runs) or tsan for one of them.
SANITIZE  ?= asan tsan
SAN_asan  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_tsan  := -fsanitize=thread
SAN_ENV   := ASAN_OPTIONS=abort_on_error=0:detect_leaks=1:exitcode=66 \
             UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=66 \
             TSAN_OPTIONS=halt_on_error=1:exitcode=66:second_deadlock_stack=1
.PHONY: check-sanitize $(addprefix check-sanitize-,asan tsan) $(addprefix sanitize-build-,asan tsan)
# The tests run outside make's environment: a test that runs make itself
# (bench/kernels.sh's static guest build, the FreeRTOS api-check) must not
# inherit SANITIZE=asan from MAKEFLAGS (-static cannot link with ASan).
check-sanitize: $(addprefix check-sanitize-,$(SANITIZE))
sanitize-build-asan sanitize-build-tsan: sanitize-build-%:
	$(MAKE) --no-print-directory BUILD=build-$* SAN_FLAGS="$(SAN_$*)" CFLAGS="-O1 -g" all unit
check-sanitize-asan check-sanitize-tsan: check-sanitize-%: sanitize-build-%
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL $(SAN_ENV) RTB_SANITIZE=$* tests/run.sh build-$*

# man - rtbench(1), generated from the program's own --help texts by
# tools/gen-man.sh (one section per command, and `rtbench list`): --help is
# the single source, so the page cannot drift from it. Needs the host-side
# build (HOST=1) for the compare/report/check/ingest sections.
# (rtbench(1), and rtbench-COMMAND(1) for each command its --help lists)
man: $(BUILD)/man/rtbench.1
$(BUILD)/man/rtbench.1: $(BUILD)/rtbench tools/gen-man.sh
	@mkdir -p $(dir $@)
	@echo "  MAN     $@"
	$(Q)rm -f $(dir $@)rtbench-*.1
	$(Q)for c in $$(tools/gen-man.sh $(BUILD)/rtbench --commands); do \
		tools/gen-man.sh $(BUILD)/rtbench $(VERSION) $$c >$(dir $@)rtbench-$$c.1 || exit 1; done
	$(Q)tools/gen-man.sh $(BUILD)/rtbench $(VERSION) >$@.tmp && mv $@.tmp $@

# install - the program, its man page, the docs (with the result file's
# JSON Schema) and the bash completion.
DATAROOTDIR ?= $(PREFIX)/share
MANDIR    ?= $(DATAROOTDIR)/man
DOCDIR    ?= $(DATAROOTDIR)/doc/rtbench
BASHCOMPDIR ?= $(DATAROOTDIR)/bash-completion/completions
# Every document and schema --help and the man pages name (docs/X as
# $(DOCDIR)/X: tests/e2e/deb.sh checks each is in the package).
DOCS      := README.md $(wildcard docs/*.md) $(wildcard docs/*.schema.json)
install: $(BUILD)/rtbench $(BUILD)/man/rtbench.1
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DOCDIR) $(DESTDIR)$(BASHCOMPDIR)
	install -m 755 $(BUILD)/rtbench $(DESTDIR)$(BINDIR)/rtbench
	install -m 644 $(BUILD)/man/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(wildcard $(DOCS)) $(DESTDIR)$(DOCDIR)/
	install -m 644 contrib/bash-completion/rtbench $(DESTDIR)$(BASHCOMPDIR)/rtbench

# deb - the Debian package, built from a copy of the tree so the build
# writes nothing beside it: $(BUILD)/deb/rtbench_*.deb. The user's
# DEB_BUILD_OPTIONS are kept; without parallel=N in them the package
# builds with the -j this make was given (`make -j4 deb`: parallel=4; a
# bare -j: one job per CPU; none: 1, as plain make); nocheck always (the
# tests are `make check`'s, debian/rules).
# MAKE_JOBS - the -j of this make (only known in a recipe: MAKEFLAGS)
MAKE_JOBS = $(or $(lastword $(patsubst -j%,%,$(filter -j%,$(MAKEFLAGS)))),$(if $(filter -j,$(MAKEFLAGS)),$(shell nproc)),1)
DEB_OPTS  = $(strip $(DEB_BUILD_OPTIONS) $(if $(filter parallel=%,$(DEB_BUILD_OPTIONS)),,parallel=$(MAKE_JOBS)) \
            $(if $(filter nocheck,$(DEB_BUILD_OPTIONS)),,nocheck))
deb:
	rm -rf $(BUILD)/deb && mkdir -p $(BUILD)/deb/rtbench
	git ls-files -co --exclude-standard | grep -v '^build/' | tar -cf - -T - | tar -xf - -C $(BUILD)/deb/rtbench
	cd $(BUILD)/deb/rtbench && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		DEB_BUILD_OPTIONS="$(DEB_OPTS)" dpkg-buildpackage -us -uc -b
	@ls $(BUILD)/deb/*.deb

clean:
	rm -rf $(BUILD)

-include $(DEPS)

# fuzz - (compare/report helper) libFuzzer runs of every target
# tests/fuzz/fuzz_*.c (fuzz_resultfile: the result-file reader with the rtla
# and rt-tests importers, the comparison built on what it accepts, the text
# and HTML renderers), each FUZZ_SECONDS=60 by default or FUZZ_RUNS
# executions when given (tests/e2e/fuzz.sh, in `make check`: a few
# thousand, seconds), from the committed seeds (tests/fuzz/corpus and the
# importers' fixtures). New inputs go to FUZZ_CORPUS ($(BUILD)/fuzz/corpus) so the seeds
# stay small; crashes land in $(BUILD)/fuzz/. The library is built again
# per object, instrumented, with the flags each object has in this
# configuration (the tracer's objects with libtracefs's), so the targets
# link in every configuration `make` makes; the host side is needed.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_RUNS    ?=
FUZZ_CORPUS  ?= $(BUILD)/fuzz/corpus
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BIN     := $(FUZZ_TARGETS:%=$(BUILD)/fuzz/%)
FUZZ_OBJ     := $(LIB_SRC:%.c=$(BUILD)/fuzz/obj/%.o)
FUZZ_SEEDS   := $(CURDIR)/tests/fuzz/corpus $(CURDIR)/tests/data/rtla $(CURDIR)/tests/data/rttests
FUZZ_LIMIT   := $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS) -seed=1,-max_total_time=$(FUZZ_SECONDS))

$(BUILD)/fuzz/obj/%.o: %.c $(BUILD)/flags
	@mkdir -p $(dir $@)
	@echo "  FUZZCC  $<"
	$(Q)$(FUZZ_CC) -g -O1 -std=c11 $(CPPFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_SAN) -MMD -MP -c -o $@ $<

$(FUZZ_BIN): $(BUILD)/fuzz/%: tests/fuzz/%.c $(FUZZ_OBJ) $(BPF_EMBED)
	@echo "  FUZZLD  $@"
	$(Q)$(FUZZ_CC) -g -O1 -std=c11 $(CPPFLAGS) -fsanitize=fuzzer $(FUZZ_SAN) -MMD -MP -o $@ $(filter %.c %.o,$^) $(LDLIBS) -pthread

ifeq ($(HOST),1)
fuzz: $(FUZZ_BIN)
	$(Q)set -e; for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_CORPUS)/$$t; \
		echo "  FUZZ    $$t $(FUZZ_LIMIT)"; \
		(cd $(BUILD)/fuzz && ./$$t $(FUZZ_LIMIT) -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
			-print_final_stats=1 $(abspath $(FUZZ_CORPUS))/$$t $(FUZZ_SEEDS)); \
	done
else
fuzz:
	@echo "make fuzz: the fuzz targets drive the host side, which this build leaves out (HOST=0: libjansson-dev)" >&2; exit 1
endif
-include $(FUZZ_OBJ:.o=.d) $(FUZZ_BIN:=.d)

# bench-peers - (peers helper) rtbench against rt-tests and perf on this
# machine, interleaved rounds, one table (docs/validation.md). A benchmark,
# not a test: never part of `make test`. Needs root; PEERS_ARGS=--quick for
# the ~1 minute version.
PEERS_ARGS ?=
bench-peers: $(BUILD)/rtbench
	bench/peers.sh --rtbench $(BUILD)/rtbench $(PEERS_ARGS)

# bench-kernels - (kernels helper) Debian 12's stock kernel, the same with
# preempt=full, and its PREEMPT_RT build, each booted under QEMU with
# -icount and one vCPU; rtbench idle and under fork/exec, I/O and pipe
# loads inside; results framed back over the serial console; compare and
# report, one column per kernel (docs/kernels.md). A benchmark, not a test.
# KERNELS_ARGS='--runs 2' for a second run beside the first; '--smoke' for
# the one-minute version; NAME=bzImage ... for your own kernels.
# KERNELS_ARCH=arm64: Debian's arm64 kernels on QEMU's virt board instead of
# the PC (bench/kernels.sh --arch).
# KERNELS_ARGS="--cmdline base= --cmdline 'nohz=nohz_full=1 rcu_nocbs=1'":
# boot options as systems, each kernel once per variant (2 vCPUs on arm64).
KERNELS_ARGS ?=
KERNELS_ARCH ?= amd64
bench-kernels:
	bench/kernels.sh --arch $(KERNELS_ARCH) $(KERNELS_ARGS)
