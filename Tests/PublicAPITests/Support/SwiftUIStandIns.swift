#if !canImport(SwiftUI)
  // Where there is no SwiftUI (Linux), the few SwiftUI declarations the snippets use, with
  // SwiftUI's signatures and no behaviour, so that the snippets type-check against this
  // package's API everywhere: a setter that returns a `Task` where a `Binding` wants `Void`
  // fails here as it does on iOS. Where SwiftUI exists, the snippets compile against it.

  @MainActor protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
  }

  @MainActor protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
  }

  @MainActor protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
  }

  extension Never: View {
    var body: Never { fatalError("a primitive view has no body") }
  }

  /// The body of a scene that SwiftUI draws itself.
  struct PrimitiveScene: Scene {
    var body: PrimitiveScene { PrimitiveScene() }
  }

  /// A view or scene that SwiftUI draws itself.
  @MainActor protocol PrimitiveView: View where Body == Never {}
  extension PrimitiveView {
    var body: Never { fatalError("a primitive view has no body") }
  }

  @resultBuilder enum ViewBuilder {
    static func buildBlock() -> EmptyView { EmptyView() }
    static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    static func buildEither<First: View, Second: View>(first: First) -> ConditionalContent<
      First, Second
    > { ConditionalContent() }
    static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<
      First, Second
    > { ConditionalContent() }
  }

  /// One of two views, as SwiftUI's `_ConditionalContent` (a `switch` in a view builder).
  struct ConditionalContent<First: View, Second: View>: PrimitiveView {}

  @resultBuilder enum SceneBuilder {
    static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
  }

  struct EmptyView: PrimitiveView {}

  struct Text: PrimitiveView {
    init(_ content: String) {}
  }

  struct Button<Label: View>: PrimitiveView {
    init(_ title: String, action: @escaping () -> Void) where Label == Text {}
  }

  struct List<Content: View>: PrimitiveView {
    init<Data: RandomAccessCollection, RowContent: View>(
      _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, RowContent> {}
  }

  struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    init(
      _ data: Data, id: KeyPath<Data.Element, ID>,
      @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {}

    init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where Data.Element: Identifiable, ID == Data.Element.ID {}
  }

  struct GridItem {
    enum Size { case adaptive(minimum: Double) }
    init(_ size: Size) {}
  }

  struct LazyVGrid<Content: View>: PrimitiveView {
    init(columns: [GridItem], @ViewBuilder content: () -> Content) {}
  }

  struct NavigationStack<Root: View>: PrimitiveView {
    init<Path>(path: Binding<Path>, @ViewBuilder root: () -> Root) {}
  }

  struct WindowGroup<Content: View>: Scene {
    init(@ViewBuilder content: () -> Content) {}
    var body: PrimitiveScene { PrimitiveScene() }
  }

  /// Every modifier returns the view itself: only the types of its arguments matter here.
  extension View {
    func navigationTitle(_ title: String) -> Self { self }
    func searchable(text: Binding<String>) -> Self { self }
    func searchFocused(_ binding: FocusState<Bool>.Binding) -> Self { self }
    func searchSuggestions<Suggestions: View>(@ViewBuilder _ suggestions: () -> Suggestions)
      -> Self
    { self }
    func onChange<Value: Equatable>(of value: Value, _ action: @escaping () -> Void) -> Self {
      self
    }
    func refreshable(action: @escaping @Sendable () async -> Void) -> Self { self }
    func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> Self { self }
    func navigationDestination<Data: Hashable, Destination: View>(
      for data: Data.Type, @ViewBuilder destination: @escaping (Data) -> Destination
    ) -> Self { self }
    // As SwiftUI's: the action runs on the view's actor, like `Task.init`'s.
    func task(@_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> Self {
      self
    }
  }

  @dynamicMemberLookup
  struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
      self.get = get
      self.set = set
    }

    subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member> {
      Binding<Member>(
        get: { get()[keyPath: keyPath] },
        set: { member in
          var value = get()
          value[keyPath: keyPath] = member
          set(value)
        })
    }
  }

  @propertyWrapper
  struct State<Value> {
    private final class Storage {
      var value: Value
      init(_ value: Value) { self.value = value }
    }
    private let storage: Storage

    init(wrappedValue: Value) {
      storage = Storage(wrappedValue)
    }

    var wrappedValue: Value {
      get { storage.value }
      nonmutating set { storage.value = newValue }
    }

    var projectedValue: Binding<Value> {
      Binding(get: { storage.value }, set: { storage.value = $0 })
    }
  }

  @propertyWrapper
  struct FocusState<Value: Hashable> {
    struct Binding {}
    private let storage: State<Value>

    init() where Value == Bool {
      storage = State(wrappedValue: false)
    }

    var wrappedValue: Value {
      get { storage.wrappedValue }
      nonmutating set { storage.wrappedValue = newValue }
    }

    var projectedValue: Binding { Binding() }
  }
#endif
