// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The stored properties are the JSON Lines contract's field names, spelled as users read them.

import JuiceMaker
import KioskCore

extension JSONContract {
    struct MenuBody: Encodable {
        struct Line: Encodable {
            let id: String
            let name: String
            let recipe: Counts
            let available: Int
        }
        let juices: [Line]
    }

    struct OrderBody: Encodable {
        /// One juice of an order of several.
        struct Line: Encodable {
            let juice: String
            let count: Int
        }
        /// The first juice, as an order of one juice gives it.
        let juice: String
        let count: Int
        /// Every juice of an order of several, or of an order made after adding fruit; absent otherwise.
        var juices: [Line]? = nil
        /// The fruit added for the order in the same change, each with its level before and after.
        var added: [AdjustmentBody]? = nil
        let stock: Counts
    }

    struct StockBody: Encodable {
        let stock: Counts
    }

    struct AdjustmentBody: Encodable {
        let fruit: String
        let old: Int
        let new: Int
    }

    /// `stock add kiwi 5 mango 5`, `stock fill`: each fruit changed, and the stock after.
    struct AdjustmentsBody: Encodable {
        let changes: [AdjustmentBody]
        let stock: Counts
    }

    struct SalesBody: Encodable {
        struct Line: Encodable {
            let juice: String
            let count: Int
            let orders: Int
            let fruit: Counts
        }
        let period: String
        let from: String?
        let to: String?
        let total: Int
        let juices: [Line]
        let fruit: Counts
    }

    /// `sales export`: the file, its format, the days (as `sales` gives them), the order
    /// lines written and the juices they made.
    struct SalesExportBody: Encodable {
        let file: String
        let format: String
        let period: String
        let from: String?
        let to: String?
        let orders: Int
        let total: Int
    }

    struct ShortageBody: Encodable {
        let fruit: String
        let need: Int
        let have: Int

        init(_ shortage: Shortage) {
            fruit = shortage.fruit
            need = shortage.need
            have = shortage.have
        }
    }
}
