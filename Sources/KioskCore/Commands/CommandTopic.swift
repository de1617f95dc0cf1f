/// Which command a ``CommandSpec`` declares, for the words `help` shows about it: the
/// presenter's catalogs switch over these cases, with no default, so a command whose topic
/// has no help text in every language does not compile.
///
/// One case per command of every module, since the presenter words them all; a module
/// adding a command adds its case here.
public enum CommandTopic: Sendable, CaseIterable {
    case help
    case menu
    case order
    case stock
    case stockSet
    case stockAdd
    case stockRemove
    case stockFill
    case stockReset
    case sales
    case salesExport
    case bankOpen
    case bankAdd
    case bankStatus
    case bankWait
    case bankReport
    case bankPlan
    case bankExport
    case bankReset
    case bankHistory
    case bankWatch
    case bankPreset
    case history
    case events
    case quit
    case clear
}
