// Driver, firmware and CANN version files, read into values (research: ascend-tooling §2), and the
// version comparison they need ("23.0.rc3" < "23.0.0" < "24.1.0"; "7.1.0.7.220" within [7.0.0,7.2.99]).
#pragma once

#include <optional>

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace vna::env {

// key=value lines (indentation and CRLF tolerated); later keys win.
QMap<QString, QString> parseAssignments(const QString &text);

// < 0, 0, > 0. Dot-separated parts compare as numbers when both are numbers; a pre-release part
// ("rc3", "alpha003", "T14") sorts before any number; otherwise case-insensitive text.
int compareVersions(const QString &a, const QString &b);

struct VersionRange
{
    QString low;
    QString high; // a trailing "." means "this prefix and anything after it" (firmware files write it)
    bool contains(const QString &version) const;
    QString text() const;
};

// "[7.0.0,7.6.99]" or "[23.0.rc3,23.0.rc3.],[23.0.0,23.0.0.]".
QList<VersionRange> parseRanges(const QString &text);
// "[V100R001C15],[V100R001C18,V100R001C19]" -> every code listed.
QStringList parseCodeList(const QString &text);

struct DriverInfo
{
    QString path;
    QString version;
    QString innerVersion;
    QStringList compatibleCann; // innerversion codes of the CANN releases it supports
    QList<VersionRange> compatibleFirmware;
};
DriverInfo parseDriverInfo(const QString &text, const QString &path);

struct FirmwareInfo
{
    QString path;
    QString version;
    QString packageVersion;
    QList<VersionRange> compatibleDrivers;
};
FirmwareInfo parseFirmwareInfo(const QString &text, const QString &path);

struct ToolkitInfo
{
    QString path; // of the .info file
    QString version;
    QString innerVersion;
    QString arch;
    QString installPath;
    // V100R001C23 of V100R001C23SPC002B210: what driver files list.
    QString innerCode() const;
};
ToolkitInfo parseToolkitInfo(const QString &text, const QString &path);

// NNAL's ATB version.info: indented "key : value" lines ("Ascend-cann-atb : 8.2.RC2"), as the
// released package writes them. Empty when the file names no version.
QString parseNnalVersion(const QString &text);

struct VersionCfg
{
    QString path;
    // component -> [inner:release] entries of its *_installed_version line (more than one: leftovers)
    QMap<QString, QStringList> installed;
    // component -> release of its *_running_version line ("8.2.RC2")
    QMap<QString, QString> running;
    QString toolkitRelease() const; // toolkit_running_version's release, else runtime's
};
VersionCfg parseVersionCfg(const QString &text, const QString &path);

} // namespace vna::env
