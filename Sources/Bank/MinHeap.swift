/// A binary min-heap: the smallest element is at hand in O(1), and inserting or removing
/// it takes O(log n).
struct MinHeap<Element: Comparable> {
    /// `elements[i]` is no greater than its children `elements[2i + 1]` and `elements[2i + 2]`.
    private(set) var elements: [Element] = []

    /// How many elements the heap holds.
    var count: Int { elements.count }

    var isEmpty: Bool { elements.isEmpty }

    /// The smallest element, if any.
    var min: Element? { elements.first }

    mutating func insert(_ element: Element) {
        elements.append(element)
        siftUp(from: elements.count - 1)
    }

    /// Removes and returns the smallest element, if any.
    mutating func popMin() -> Element? {
        guard let last = elements.popLast() else { return nil }
        guard !elements.isEmpty else { return last }
        let smallest = elements[0]
        elements[0] = last
        siftDown(from: 0)
        return smallest
    }

    mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { return }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < elements.count else { return }
            let right = left + 1
            let child = right < elements.count && elements[right] < elements[left] ? right : left
            guard elements[child] < elements[parent] else { return }
            elements.swapAt(child, parent)
            parent = child
        }
    }
}
