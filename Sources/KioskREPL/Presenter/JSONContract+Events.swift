// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The stored properties are the JSON Lines contract's field names, spelled as users read them.

extension JSONContract {
    struct StockChangedBody: Encodable {
        let fruit: String
        let old: Int
        let new: Int
    }

    struct JuiceServedBody: Encodable {
        let juice: String
        let count: Int
    }

    struct OrderRefusedBody: Encodable {
        let juice: String
        let count: Int
        let shortages: [ShortageBody]
    }

    struct SoldOutBody: Encodable {
        let juice: String
        let shortages: [ShortageBody]
    }

    struct JuiceBody: Encodable {
        let juice: String
    }

    struct ArrivalBody: Encodable {
        let ticket: Int
        let task: String
    }

    struct ServiceBody: Encodable {
        let ticket: Int
        let task: String
        let clerk: Int
        let at_ms: Int
        /// The stage of the task (a one-stage task's stage is named after the task).
        let stage: String
        /// The customer's grade (`regular` in a bank without grades).
        let grade: String
        /// The desk or office serving it.
        let desk: String
    }

    struct IdleBody: Encodable {
        let served: Int
        let by_task: Counts
        let business_ms: Int
        /// The waits of the customers who finished, per task and grade, as `bank report` has them.
        let waits: [ReportBody.Waits]
    }

    struct SkippedBody: Encodable {
        let count: Int
    }
}
