# SPDX-License-Identifier: Apache-2.0
# mps2-an500: ARM MPS2 AN500 (Cortex-M7, FPv5 double precision), QEMU
# `-M mps2-an500` or the FPGA board. FreeRTOS's ARM_CM4F port is the one for
# a Cortex-M7 other than r0p1 (FreeRTOS: portable/GCC/ARM_CM7/ReadMe.txt).
FW_CC        := arm-none-eabi-gcc
FW_SIZE      := arm-none-eabi-size
FW_ARCH      := -mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -mfloat-abi=hard
# newlib's <inttypes.h> defines PRId64 & co. only once <sys/_stdint.h> is in,
# which Debian's gcc <stdint.h> does not pull in: include it first
FW_BOARD_CPPFLAGS := -include sys/types.h
FR_PORTABLE  := portable/GCC/ARM_CM4F
FR_PORT_SRC  := $(FR_PORTABLE)/port.c portable/MemMang/heap_3.c
FW_LDFLAGS   := --specs=nosys.specs \
                -T $(FW_BOARD_DIR)/link.ld -Wl,--gc-sections -Wl,-Map=$(FW_BUILD)/rtbench.map
FW_LDLIBS    := -lm
# full newlib, not newlib-nano: the core prints with %zu and %lld (C99), which
# nano's printf lacks
FW_EMULATED  := 1
QEMU         ?= qemu-system-arm
QEMU_MACHINE := mps2-an500
