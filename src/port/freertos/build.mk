# SPDX-License-Identifier: Apache-2.0
# src/port/freertos/build.mk - the FreeRTOS builds (included by the Makefile
# when PORT=freertos).
#
#   make PORT=freertos [BOARD=mps2-an500]      firmware: build-freertos-<board>/rtbench.elf
#   make PORT=freertos BOARD=mps2-an500 run    run it under QEMU (-icount), the tables on
#                                              the terminal, the result in build-freertos-<board>/result/
#   make PORT=freertos BOARD=sim               the FreeRTOS POSIX simulator build (Linux
#                                              executable; functional tests only, no figures)
#   make PORT=freertos BOARD=... api-check     compile and link the port and the board, run
#                                              nothing (no kernel needed: see below)
#
# FREERTOS_KERNEL_PATH=DIR: your FreeRTOS-Kernel tree (upstream, V11 or later). The
# kernel is yours, never part of rtbench: without the variable the build looks
# in one place, ../FreeRTOS-Kernel beside this checkout, and without a tree
# there it stops at once with one line saying how to get one:
#   git clone --branch V11.1.0 --depth 1 https://github.com/FreeRTOS/FreeRTOS-Kernel.git ../FreeRTOS-Kernel
# Settings users argue about, recorded in the result's fingerprint:
#   FREERTOS_TIME_SLICING=1 FREERTOS_PREEMPTION=1 FREERTOS_PORT_TASK_SELECTION=1
#   FREERTOS_TICK_HZ=1000
# ICOUNT_SHIFT=5: QEMU's virtual time, 2^N ns an instruction (never run without).
# RTB_SAMPLES=1000, RTB_TESTS=... (comma list of ids): what the firmware runs.
# RTB_SELFTEST=1: the firmware runs `selftest` instead (known delays of 1000 and
# 2000 instructions under QEMU).

BOARD                 ?= mps2-an500
FREERTOS_KERNEL_DEFAULT := ../FreeRTOS-Kernel
FREERTOS_KERNEL_CLONE := git clone --branch V11.1.0 --depth 1 https://github.com/FreeRTOS/FreeRTOS-Kernel.git $(FREERTOS_KERNEL_DEFAULT)
FREERTOS_TIME_SLICING ?= 1
FREERTOS_PREEMPTION   ?= 1
FREERTOS_PORT_TASK_SELECTION ?= 1
FREERTOS_TICK_HZ      ?= 1000
ICOUNT_SHIFT          ?= 5
RTB_SAMPLES           ?= 1000
RTB_TESTS             ?=
RUN_TIMEOUT           ?= 300
RTB_SELFTEST          ?= 0

FW_BOARD_DIR := src/port/freertos/board/$(BOARD)
FW_BUILD     ?= build-freertos-$(BOARD)$(if $(FR_API_STUB),-api)
FR           := $(or $(FREERTOS_KERNEL_PATH),$(FREERTOS_KERNEL_DEFAULT))

ifeq ($(wildcard $(FW_BOARD_DIR)/board.mk),)
$(error BOARD=$(BOARD): no such board (boards: $(notdir $(wildcard src/port/freertos/board/*))))
endif
FR_HAVE_KERNEL := $(and $(wildcard $(FR)/tasks.c),$(wildcard $(FR)/include/task.h))
# the port uses V11's API (configKERNEL_PROVIDED_STATIC_MEMORY, indexed
# notifications): an older tree stops here, in one line, not in the link
ifneq ($(FR_HAVE_KERNEL),)
FR_MAJOR := $(shell sed -n 's/^\#define tskKERNEL_VERSION_MAJOR[[:space:]]*\([0-9]*\).*/\1/p' $(FR)/include/task.h)
ifneq ($(filter-out clean,$(or $(MAKECMDGOALS),firmware)),)
ifneq ($(shell [ "$(FR_MAJOR)" -ge 11 ] 2>/dev/null && echo ok),ok)
$(error FreeRTOS-Kernel at $(FR) is $(if $(FR_MAJOR),V$(FR_MAJOR),of no version I can read (tskKERNEL_VERSION_MAJOR in include/task.h)); the port needs V11 or later: get one with '$(FREERTOS_KERNEL_CLONE)')
endif
endif
# the simulator runs under AddressSanitizer: V11.0.x's POSIX port runs each
# task's thread on the task's own stack (pthread_attr_setstack), and ASan
# reports a stack-buffer-overflow in every such thread's exit; on V11.1.0
# the simulator hangs (test_port, and sync.prio_inv until the watchdog
# stops it; not investigated). api-check, which runs nothing, still works.
FR_MINOR := $(shell sed -n 's/^\#define tskKERNEL_VERSION_MINOR[[:space:]]*\([0-9]*\).*/\1/p' $(FR)/include/task.h)
ifneq ($(filter sim-11.0 sim-11.1,$(BOARD)-$(FR_MAJOR).$(FR_MINOR)$(FR_API_STUB)),)
ifneq ($(filter-out clean api-check,$(or $(MAKECMDGOALS),firmware)),)
$(error BOARD=sim needs FreeRTOS-Kernel V11.2.0 or later: $(FR) is V$(FR_MAJOR).$(FR_MINOR) (V11.0: ASan reports its POSIX port's thread exits; V11.1: the simulator hangs in test_port and sync.prio_inv); BOARD=mps2-an500 runs it)
endif
endif
endif
# api-check without a kernel: the port against tests/freertos-api (below;
# FR_API_STUB=1 forces it, for any goal)
ifeq ($(FR_HAVE_KERNEL),)
ifneq ($(filter api-check,$(MAKECMDGOALS)),)
FR_API_STUB := 1
endif
endif
# No kernel: one line (make's $(error): exit 2, before anything is built),
# except for goals that need none (clean, api-check)
ifeq ($(FR_HAVE_KERNEL)$(FR_API_STUB),)
ifneq ($(filter-out clean,$(or $(MAKECMDGOALS),firmware)),)
ifeq ($(FREERTOS_KERNEL_PATH),)
$(error no FreeRTOS kernel at $(FREERTOS_KERNEL_DEFAULT) (the default place): get one with '$(FREERTOS_KERNEL_CLONE)' or name yours with FREERTOS_KERNEL_PATH=DIR)
else
$(error FREERTOS_KERNEL_PATH=$(FREERTOS_KERNEL_PATH) is not a FreeRTOS-Kernel tree (no tasks.c, include/task.h): get one with '$(FREERTOS_KERNEL_CLONE)')
endif
endif
endif
include $(FW_BOARD_DIR)/board.mk

FW_ELF  := $(FW_BUILD)/rtbench.elf
# HW=1: a build for the real board (no emulation facts, no semihosting exit)
HW                    ?= 0
ifeq ($(FW_EMULATED)$(HW),10)
QEMU_VERSION := $(shell $(QEMU) --version 2>/dev/null | sed -n '1s/.*version \([0-9][0-9.]*\).*/\1/p')
FW_EMU_DEFS  := -DRTB_EMU_EMULATOR=\"$(QEMU)\" -DRTB_EMU_VERSION=\"$(QEMU_VERSION)\" \
                -DRTB_EMU_MACHINE=\"$(QEMU_MACHINE)\" -DRTB_EMU_ICOUNT_SHIFT=$(ICOUNT_SHIFT)
endif

ifeq ($(FR_API_STUB),1)
FR_INC := -Itests/freertos-api
FR_SRC :=
# sanitizers add nothing to a check that runs nothing (and cost 4x)
FW_ARCH := $(filter-out -fsanitize=%,$(FW_ARCH))
else
FR_INC := -I$(FR)/include -I$(FR)/$(FR_PORTABLE)
# the kernel, built as it comes (its own warnings are not ours)
FR_SRC := tasks.c queue.c list.c event_groups.c $(FR_PORT_SRC)
endif
FW_CPPFLAGS := -Iinclude -Isrc -Isrc/port/freertos -I$(FW_BOARD_DIR) $(FR_INC) -D_GNU_SOURCE -DRTB_VERSION=\"$(VERSION)\" -DRTB_PORT_FREERTOS=1 \
               -DRTB_MAX_CPUS=64 -DRTB_MAX_METRICS=128 -DRTB_MAX_TRACE_CHOICES=1 \
               -DRTB_FR_TIME_SLICING=$(FREERTOS_TIME_SLICING) \
               -DRTB_FR_PREEMPTION=$(FREERTOS_PREEMPTION) \
               -DRTB_FR_PORT_TASK_SELECTION=$(FREERTOS_PORT_TASK_SELECTION) \
               -DRTB_FR_TICK_HZ=$(FREERTOS_TICK_HZ) $(FW_EMU_DEFS) $(FW_BOARD_CPPFLAGS)
# what the run does: only the firmware entry sees it (changing it rebuilds one file)
FW_RUN_DEFS := -DRTB_FR_SAMPLES=$(RTB_SAMPLES) $(if $(filter 1,$(RTB_SELFTEST)),-DRTB_FR_SELFTEST=1) \
               $(if $(RTB_TESTS),-DRTB_FR_TESTS=\"$(RTB_TESTS)\")
FW_CFLAGS   := $(FW_ARCH) -O2 -g -std=c11 -ffunction-sections -fdata-sections
FW_WARN     := -Wall -Wextra -Wshadow -Wformat=2 -Wmissing-prototypes -Wstrict-prototypes \
               $(NO_TRUNC_WARN) $(WERROR)

# rtbench's own code: the portable core, benchmarks, writers, this port
FW_LIB_SRC := $(foreach r,$(DEVICE_ROOMS),$(wildcard src/$(r)/*.c)) \
           $(wildcard src/port/freertos/*.c) $(wildcard $(FW_BOARD_DIR)/*.c)
FW_SRC  := $(FW_LIB_SRC) src/port/freertos/fw/main.c
FR_OBJ  := $(FR_SRC:%.c=$(FW_BUILD)/freertos/%.o)
FW_LIB_OBJ := $(FW_LIB_SRC:%.c=$(FW_BUILD)/%.o) $(FR_OBJ)
FW_OBJ  := $(FW_LIB_OBJ) $(FW_BUILD)/src/port/freertos/fw/main.o

.DEFAULT_GOAL := firmware
PORT_RUN := 1
.PHONY: firmware run
firmware: $(FW_ELF)

$(FW_BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(FW_CC) $(FW_CPPFLAGS) $(FW_CFLAGS) $(FW_WARN) -MMD -MP -c -o $@ $<

$(FW_BUILD)/freertos/%.o: $(FR)/%.c
	@mkdir -p $(dir $@)
	@echo "  CC      freertos/$*.c"
	$(Q)$(FW_CC) $(filter-out -D_GNU_SOURCE,$(FW_CPPFLAGS)) $(filter-out -std=c11,$(FW_CFLAGS)) -std=gnu11 -MMD -MP -c -o $@ $<

# the build options the objects depend on
FW_STAMP := $(FW_BUILD)/options
$(FW_OBJ) $(FW_BUILD)/src/port/freertos/fw/test_main.o: $(FW_STAMP)
FW_MAIN_OBJ := $(FW_BUILD)/src/port/freertos/fw/main.o
$(FW_MAIN_OBJ): FW_CPPFLAGS += $(FW_RUN_DEFS)
$(FW_MAIN_OBJ): $(FW_BUILD)/run-options
$(FW_BUILD)/run-options: FORCE
	@mkdir -p $(dir $@)
	@echo '$(FW_RUN_DEFS)' | cmp -s - $@ || echo '$(FW_RUN_DEFS)' > $@
$(FW_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(FW_CPPFLAGS) $(FW_CFLAGS) $(FR)' | cmp -s - $@ || echo '$(FW_CPPFLAGS) $(FW_CFLAGS) $(FR)' > $@

$(FW_ELF): $(FW_OBJ)
	@echo "  LD      $@"
	$(Q)$(FW_CC) $(FW_ARCH) -o $@ $(FW_OBJ) $(FW_LDFLAGS) $(FW_LDLIBS)
	$(Q)$(if $(FW_SIZE),$(FW_SIZE) $@)

# A test program (tests/unit/test_NAME.c) as firmware: its main() runs as a
# FreeRTOS task (fw/test_main.c). `make PORT=freertos BOARD=... fw-test
# TEST=test_port` builds and runs it (QEMU or the simulator); exit status:
# the test's (0 pass, 77 skip).
TEST ?= test_port
FW_TEST_ELF := $(FW_BUILD)/tests/$(TEST).elf
$(FW_BUILD)/tests/%.o: tests/unit/%.c $(FW_STAMP)
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(FW_CC) $(FW_CPPFLAGS) -Itests/unit -Dmain=rtb_test_main $(FW_CFLAGS) $(FW_WARN) \
		-Wno-missing-prototypes -MMD -MP -c -o $@ $<
$(FW_BUILD)/tests/%.elf: $(FW_BUILD)/tests/%.o $(FW_LIB_OBJ) $(FW_BUILD)/src/port/freertos/fw/test_main.o
	@echo "  LD      $@"
	$(Q)$(FW_CC) $(FW_ARCH) -o $@ $^ $(FW_LDFLAGS) $(FW_LDLIBS)

.PHONY: fw-test
.SECONDARY:
fw-test: $(FW_TEST_ELF)
ifeq ($(FW_EMULATED),1)
	$(Q)src/port/freertos/qemu-run.sh $(FW_TEST_ELF) $(FW_BUILD)/$(TEST) $(QEMU_MACHINE) \
		$(ICOUNT_SHIFT) $(RUN_TIMEOUT)
else
	$(Q)$(FW_TEST_ELF)
endif

-include $(FW_OBJ:.o=.d) $(wildcard $(FW_BUILD)/tests/*.d)

# run - the firmware under QEMU (emulated boards only): tables on the
# terminal, the result file in $(FW_BUILD)/result/ via `rtbench ingest`.
HOST_RTBENCH ?= $(BUILD)/rtbench
# HW=1 is the real board's image (no semihosting exit, no emulation facts):
# refused here, in one line, before anything is built. BOARD=sim is a Linux
# program: run as one (its figures are host costs, and it says so).
ifneq ($(filter run,$(MAKECMDGOALS)),)
ifneq ($(HW),0)
$(error HW=$(HW) builds the image for the real board: load it and read its UART with 'rtbench ingest' (docs/freertos.md); 'run' runs the emulated build only (drop HW=1))
endif
endif
run: $(FW_ELF)
ifneq ($(FW_EMULATED),1)
	$(Q)$(FW_ELF)
else
	$(Q)$(MAKE) --no-print-directory PORT=posix $(HOST_RTBENCH)
	$(Q)src/port/freertos/qemu-run.sh $(FW_ELF) $(FW_BUILD)/result $(QEMU_MACHINE) \
		$(ICOUNT_SHIFT) $(RUN_TIMEOUT) $(if $(filter 1,$(RTB_SELFTEST)),,$(HOST_RTBENCH))
endif

# api-check - the compile-and-link check of this port and the board: the
# firmware and the test firmware (fw-test TEST=test_port), every file
# compiled with the firmware's flags and linked, nothing run. make check
# runs it for each board (tests/e2e/freertos_api.sh), so the port keeps
# compiling on a machine with no FreeRTOS source.
# With a FreeRTOS-Kernel tree: the real build, its headers and sources.
# Without one: against tests/freertos-api/ - NOT FreeRTOS, declarations
# of just the API the port calls, written from the FreeRTOS API reference -
# with each API function declared there linked at address 0, so the link
# still finds anything else missing (a port.h function the port lacks);
# the linked file is deleted at once: nothing built so can run.
.PHONY: api-check
ifeq ($(FR_API_STUB),1)
FR_API_HDRS := $(wildcard tests/freertos-api/*.h)
# the kernel functions declared there (one a line from column 0; an
# `extern` line is a hook the application defines)
FR_API_SED  := /^typedef/d; /^extern/d; s/^[A-Za-z][^(]*[ *]\([a-z][A-Za-z0-9_]*\)(.*/\1/p
FR_API_SYMS := $(shell sed -n '$(FR_API_SED)' $(FR_API_HDRS))
FR_API_LINK  = $(FW_CC) $(FW_ARCH) -o $@.tmp $(filter %.o,$^) $(FW_LDFLAGS) $(FW_LDLIBS) \
               $(foreach f,$(FR_API_SYMS),-Wl,--defsym,$(f)=0) && rm -f $@.tmp && touch $@
$(FW_BUILD)/api-check.firmware: $(FW_OBJ) $(FR_API_HDRS)
	@echo "  LD      $@ (linked against tests/freertos-api, then deleted)"
	$(Q)$(FR_API_LINK)
$(FW_BUILD)/api-check.test_port: $(FW_BUILD)/tests/test_port.o $(FW_LIB_OBJ) \
		$(FW_BUILD)/src/port/freertos/fw/test_main.o $(FR_API_HDRS)
	@echo "  LD      $@ (linked against tests/freertos-api, then deleted)"
	$(Q)$(FR_API_LINK)
api-check: $(FW_BUILD)/api-check.firmware $(FW_BUILD)/api-check.test_port
	@echo "api-check: BOARD=$(BOARD): the port compiles and links against tests/freertos-api" \
		"(NOT FreeRTOS: its API declared, no kernel; nothing ran)"
else
# with a kernel: first our FreeRTOSConfig.h against that release's own
# headers and sources (tests/freertos-api/config-check.sh: every setting
# one it knows; none its sources need left undefined)
api-check: $(FW_ELF) $(FW_BUILD)/tests/test_port.elf
	$(Q)tests/freertos-api/config-check.sh $(FR) src/port/freertos/FreeRTOSConfig.h $(FW_CC) -- \
		$(filter-out -D_GNU_SOURCE,$(FW_CPPFLAGS)) $(FW_ARCH) -- $(FR_SRC)
	@echo "api-check: BOARD=$(BOARD): the port compiles and links against the FreeRTOS-Kernel at $(FR)"
endif
