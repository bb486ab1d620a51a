// A stand-in for the module SwiftUI, for Linux, where there is none: the declarations the Porting
// article's app uses, each with SwiftUI's signature as Apple's documentation gives it (its
// generic constraints, isolation and `@Sendable` closures, and the `@_inheritActorContext` that
// SwiftUI's interface puts on `task` and `Binding`'s closures and the documentation hides), and
// no behaviour. Parameters that have defaults in SwiftUI and that the article does not pass are
// left out, and so are the overloads it does not call: a stand-in may accept less than SwiftUI,
// never more, so the app that compiles against it compiles in Xcode. `PortingArticleTests`
// compiles this file as the module `SwiftUI` and the article's code against it; it belongs to no
// target of the package.

import Foundation

// MARK: - Views, scenes, apps

@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@MainActor @preconcurrency public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@MainActor @preconcurrency public protocol App {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  @MainActor @preconcurrency init()
}

extension App {
  /// What `@main` calls.
  @MainActor @preconcurrency public static func main() {}
}

extension Never: View {
  public var body: Never { fatalError("a primitive view has no body") }
}

/// A view SwiftUI draws itself: its body is `Never`.
public protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
  public var body: Never { fatalError("a primitive view has no body") }
}

/// The body of a scene SwiftUI draws itself.
nonisolated public struct PrimitiveScene: Scene {
  public var body: PrimitiveScene { self }
}

@resultBuilder public enum ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content)
    -> TupleView<(repeat each Content)>
  { TupleView() }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { _ConditionalContent() }
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { _ConditionalContent() }
}

@resultBuilder public enum SceneBuilder {
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

extension Optional: View where Wrapped: View {
  public var body: Never { fatalError("a primitive view has no body") }
}

nonisolated public struct EmptyView: PrimitiveView {
  public init() {}
}

nonisolated public struct TupleView<T>: PrimitiveView {
  public init() {}
}

/// What a `switch` or an `if … else` in a view builder makes.
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView
{
  public init() {}
}

nonisolated public struct WindowGroup<Content: View>: Scene {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  public var body: PrimitiveScene { PrimitiveScene() }
}

// MARK: - Controls and containers

nonisolated public struct Text: PrimitiveView {
  nonisolated public init<S: StringProtocol>(_ content: S) {}
}

nonisolated public struct Image: PrimitiveView {
  nonisolated public init(systemName: String) {}
}

nonisolated public struct AsyncImage<Content: View>: PrimitiveView {
  nonisolated public init(url: URL?, scale: CGFloat = 1) where Content == Image {}
}

nonisolated public struct HStack<Content: View>: PrimitiveView {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
}

nonisolated public struct Label<Title: View, Icon: View>: PrimitiveView {}

nonisolated public struct Button<Label: View>: PrimitiveView {}

extension Button {
  @preconcurrency nonisolated public init(
    action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {}
}

extension Button where Label == Text {
  @preconcurrency nonisolated public init<S: StringProtocol>(
    _ title: S, action: @escaping @MainActor () -> Void
  ) {}
}

extension Button where Label == SwiftUI.Label<Text, Image> {
  @preconcurrency nonisolated public init<S: StringProtocol>(
    _ title: S, systemImage: String, action: @escaping @MainActor () -> Void
  ) {}
}

nonisolated public struct List<SelectionValue: Hashable, Content: View>: PrimitiveView {}

extension List where SelectionValue == Never {
  nonisolated public init(@ViewBuilder content: () -> Content) {}

  nonisolated public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
}

nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}

extension ForEach: View, PrimitiveView where Content: View {
  nonisolated public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {}
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
  }
}

nonisolated public struct Section<Parent, Content, Footer> {}

extension Section: View, PrimitiveView where Parent: View, Content: View, Footer: View {
  nonisolated public init(
    @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent
  ) where Footer == EmptyView {}
}

nonisolated public struct Menu<Label: View, Content: View>: PrimitiveView {}

extension Menu where Label == SwiftUI.Label<Text, Image> {
  nonisolated public init<S: StringProtocol>(
    _ title: S, systemImage: String, @ViewBuilder content: () -> Content
  ) {}
}

nonisolated public struct Picker<Label: View, SelectionValue: Hashable, Content: View>:
  PrimitiveView
{}

extension Picker where Label == Text {
  nonisolated public init<S: StringProtocol>(
    _ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
  ) {}
}

public struct GridItem: Sendable {
  public enum Size: Sendable {
    case fixed(CGFloat)
    case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
    case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
  }

  public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil) {}
}

nonisolated public struct LazyVGrid<Content: View>: PrimitiveView {
  nonisolated public init(
    columns: [GridItem], spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
  ) {}
}

nonisolated public struct NavigationStack<Data, Root: View>: PrimitiveView {
  nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  {}
}

// MARK: - Modifiers

/// A modified view; the modifiers below return it, as SwiftUI's return `some View`.
nonisolated public struct ModifiedView<Content: View>: PrimitiveView {}

extension View {
  nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
    ModifiedView<Self>()
  }

  nonisolated public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { ModifiedView<Self>() }

  nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content)
    -> some View
  { ModifiedView<Self>() }

  nonisolated public func searchable<S: StringProtocol>(text: Binding<String>, prompt: S)
    -> some View
  { ModifiedView<Self>() }

  nonisolated public func searchable(text: Binding<String>) -> some View { ModifiedView<Self>() }

  nonisolated public func searchSuggestions<S: View>(@ViewBuilder _ suggestions: () -> S)
    -> some View
  { ModifiedView<Self>() }

  @available(iOS 18, macOS 15, *)
  nonisolated public func searchFocused(_ binding: FocusState<Bool>.Binding) -> some View {
    ModifiedView<Self>()
  }

  nonisolated public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping () -> Void
  ) -> some View { ModifiedView<Self>() }

  nonisolated public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View { ModifiedView<Self>() }

  nonisolated public func tag<V: Hashable>(_ tag: V) -> some View { ModifiedView<Self>() }

  nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
    ModifiedView<Self>()
  }

  nonisolated public func task(
    priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
  ) -> some View { ModifiedView<Self>() }
}

// MARK: - Accessibility

/// What an element is to VoiceOver. SwiftUI's is a `SetAlgebra`; the stand-in offers only the
/// traits the article adds and the empty set, `[]`.
public struct AccessibilityTraits: ExpressibleByArrayLiteral, Sendable {
  public static let isHeader = AccessibilityTraits()
  public static let isSelected = AccessibilityTraits()

  public init(arrayLiteral elements: AccessibilityTraits...) {}
}

/// How an element made of a view's children treats them.
public struct AccessibilityChildBehavior: Sendable {
  public static let ignore = AccessibilityChildBehavior()
  public static let combine = AccessibilityChildBehavior()
  public static let contain = AccessibilityChildBehavior()
}

/// The notifications an app posts to VoiceOver (the module Accessibility, which SwiftUI
/// exports).
public enum AccessibilityNotification {
  public struct Announcement: Sendable {
    public init(_ announcement: String) {}

    public func post() {}
  }
}

extension View {
  nonisolated public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
    ModifiedView<Self>()
  }

  nonisolated public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View {
    ModifiedView<Self>()
  }

  nonisolated public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View {
    ModifiedView<Self>()
  }

  nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
    ModifiedView<Self>()
  }

  nonisolated public func accessibilityHidden(_ hidden: Bool) -> some View {
    ModifiedView<Self>()
  }

  nonisolated public func accessibilityIdentifier(_ identifier: String) -> some View {
    ModifiedView<Self>()
  }

  nonisolated public func accessibilityElement(
    children: AccessibilityChildBehavior = .ignore
  ) -> some View { ModifiedView<Self>() }
}

// MARK: - State

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  @preconcurrency public init(
    @_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
    @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {}

  public var wrappedValue: Value {
    get { fatalError("a stand-in binding is never read") }
    nonmutating set {}
  }

  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { fatalError("a stand-in binding is never projected") }
}

@propertyWrapper
public struct State<Value> {
  public init(wrappedValue value: Value) {}

  public var wrappedValue: Value {
    get { fatalError("a stand-in state is never read") }
    nonmutating set {}
  }

  public var projectedValue: Binding<Value> { fatalError("a stand-in state is never projected") }
}

@propertyWrapper
public struct FocusState<Value: Hashable> {
  public struct Binding {}

  public init() where Value == Bool {}

  public var wrappedValue: Value {
    get { fatalError("a stand-in focus is never read") }
    nonmutating set {}
  }

  public var projectedValue: FocusState<Value>.Binding { Binding() }
}
