/// An error that carries the values explaining it, for programs: the fields a JSON error
/// line writes after its `code` (`{"type":"error","code":"below_zero","fruit":"banana",...}`).
///
/// Details are data (ids, amounts, bounds, paths as given), never words: the sentence comes
/// from the presenter's catalog, in the user's language. A field is never renamed once
/// published; fields may be added.
///
/// ```swift
/// extension ShelfError: DetailedError {
///     var details: ErrorDetails {
///         switch self {
///         case .belowZero(let fruit, let amount, let have):
///             ["fruit": .text(fruit), "amount": .integer(amount), "have": .integer(have)]
///         }
///     }
/// }
/// ```
public protocol DetailedError: KioskError {
    /// The values that explain this error, in the order they are written; empty when the
    /// code says it all.
    var details: ErrorDetails { get }
}

/// The named values that explain an error, in order; a field given as nil is left out.
public struct ErrorDetails: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One named value.
    public struct Field: Sendable, Equatable {
        /// The stable field name: `fruit`, `in_service`.
        public let name: String
        /// Its value.
        public let value: ErrorDetail
    }

    /// The fields, in the order they are written.
    public let fields: [Field]

    /// Details of `fields`, in order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// `["fruit": .text("kiwi"), "suggestion": nil]`: the fields in order, without those
    /// whose value is nil.
    public init(dictionaryLiteral elements: (String, ErrorDetail?)...) {
        fields = elements.compactMap { name, value in value.map { Field(name: name, value: $0) } }
    }

    /// No details: the code says it all.
    public static let none = ErrorDetails()
}

/// One value of an error's details.
public indirect enum ErrorDetail: Sendable, Equatable {
    /// A whole number.
    case integer(Int)
    /// A string as given or as stored (an id, a path, a word typed), not a sentence.
    case text(String)
    /// true or false.
    case flag(Bool)
    /// Values in order.
    case list([ErrorDetail])
    /// Named values, such as one shortage of an order.
    case object(ErrorDetails)

    /// Strings, in order.
    public static func texts(_ values: [String]) -> ErrorDetail {
        .list(values.map(ErrorDetail.text))
    }
}
