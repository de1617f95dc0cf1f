/// A table in the document, for error messages and line lookup.
enum Place {
    case root
    case table(String)
    case element(String, Int)

    func describe(key: String?) -> String? {
        let base: String?
        switch self {
        case .root: base = nil
        case .table(let name): base = "[\(name)]"
        case .element(let name, let index): base = "[[\(name)]] #\(index + 1)"
        }
        switch (base, key) {
        case (nil, let key): return key
        case (let base?, nil): return base
        case (let base?, let key?): return "\(base) \(key)"
        }
    }
}
