# bench/kernels/guest-setup.sh - what every rtbench guest's /init does
# first (bench/kernels/guest-init.sh, bench/bigguest.sh's init): busybox's
# applets on the PATH, the console as stdin/stdout/stderr, and the
# filesystems rtbench reads or needs (/proc, /sys, /tmp, /run, POSIX
# message queues). Sourced by busybox sh from the initramfs' root.
/bin/busybox mkdir -p /proc /sys /dev /tmp /run
/bin/busybox mount -t devtmpfs dev /dev
exec </dev/console >/dev/console 2>&1
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
mkdir -p /dev/mqueue && mount -t mqueue mqueue /dev/mqueue
