# CMake toolchain for arm64 (aarch64, the Kunpeng nodes) on an amd64 Debian 12 with multiarch:
# Debian's cross compiler (crossbuild-essential-arm64) and the arm64 -dev packages installed beside
# the amd64 ones (scripts/arm64.sh installs both). Qt's tools (moc, rcc, lrelease) are the host's.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# The arm64 libraries and CMake packages are in the multiarch folders of the one root, /usr/lib/
# aarch64-linux-gnu; programs found are the host's.
set(CMAKE_FIND_ROOT_PATH /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_PREFIX_PATH /usr/lib/aarch64-linux-gnu/cmake)

# Qt's host tools, from the amd64 Qt.
set(QT_HOST_PATH /usr)
set(QT_HOST_PATH_CMAKE_DIR /usr/lib/x86_64-linux-gnu/cmake)

# pkg-config (RE2, Vectorscan) answers for arm64.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")

# Tests run under qemu-user; -L / gives them the arm64 loader and libraries installed by multiarch.
find_program(VNA_QEMU_AARCH64 qemu-aarch64-static)
if(VNA_QEMU_AARCH64)
    set(CMAKE_CROSSCOMPILING_EMULATOR "${VNA_QEMU_AARCH64};-L;/")
endif()
