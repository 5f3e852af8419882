# SPDX-License-Identifier: Apache-2.0
# sim: the FreeRTOS POSIX simulator on Linux (plain gcc, pthreads, heap_3),
# built with AddressSanitizer and UBSan. A Linux executable, not firmware;
# its times are host costs, never FreeRTOS figures.
FW_CC        := $(if $(filter default,$(origin CC)),gcc,$(CC))
FW_SIZE      :=
FW_ARCH      := -pthread -fsanitize=address,undefined -fno-omit-frame-pointer
FR_PORTABLE  := portable/ThirdParty/GCC/Posix
FR_PORT_SRC  := $(FR_PORTABLE)/port.c $(FR_PORTABLE)/utils/wait_for_event.c portable/MemMang/heap_3.c
FW_BOARD_CPPFLAGS := -DRTB_FREERTOS_SIM=1 -I$(FR)/$(FR_PORTABLE)/utils
FW_LDFLAGS   :=
FW_LDLIBS    := -lm
FW_EMULATED  := 0
FW_RUNNER    :=
